import { Route, Switch } from 'wouter';
import '@contracts/zod-nl';
import { TooltipProvider } from '@web/components/ui/tooltip';
import { OwnerLayout } from './layouts/owner-layout';
import { ownerRoutes } from './owner-routes';

/**
 * Loaded as one chunk for signed-in owners: the layout stays mounted while pages change inside it.
 * Tooltips and zod's Dutch fallback messages live here, not in the app shell, so the public booking
 * pages do not download them.
 */
export default function OwnerArea() {
  return (
    <TooltipProvider>
      <OwnerLayout>
        <Switch>
          {ownerRoutes.map(({ path, component }) => (
            <Route key={path} path={path} component={component} />
          ))}
        </Switch>
      </OwnerLayout>
    </TooltipProvider>
  );
}
