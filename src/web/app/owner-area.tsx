import { Route, Switch } from 'wouter';
import { OwnerLayout } from './layouts/owner-layout';
import { ownerRoutes } from './owner-routes';

/** Loaded as one chunk for signed-in owners: the layout stays mounted while pages change inside it. */
export default function OwnerArea() {
  return (
    <OwnerLayout>
      <Switch>
        {ownerRoutes.map(({ path, component }) => (
          <Route key={path} path={path} component={component} />
        ))}
      </Switch>
    </OwnerLayout>
  );
}
