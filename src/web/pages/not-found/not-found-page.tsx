import { CircleAlert } from 'lucide-react';
import { Link } from 'wouter';
import { nlPublicSteps as nl } from '@contracts/messages-public-steps';
import { buttonVariants } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { useDocumentTitle } from '@web/lib/use-document-title';

/** docs/PRODUCT.md#web-routes: any unknown path, for any visitor. The two sentences are fixed by the spec (English). */
export default function NotFoundPage() {
  useDocumentTitle(nl.notFound.title);
  return (
    <main
      id="main-content"
      tabIndex={-1}
      className="flex min-h-svh items-center justify-center bg-muted/40 p-4 outline-none"
    >
      <Card className="w-full max-w-md">
        <CardContent className="space-y-4">
          <div className="flex items-center gap-2" lang="en">
            <CircleAlert aria-hidden="true" className="size-8 shrink-0 text-destructive-text" />
            <h1 className="text-2xl font-bold">{nl.notFound.title}</h1>
          </div>
          <p className="text-sm text-muted-foreground" lang="en">
            {nl.notFound.text}
          </p>
          <Link href="/" className={buttonVariants({ variant: 'outline' })}>
            {nl.notFound.home}
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}
