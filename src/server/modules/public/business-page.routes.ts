import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { businessPage, publicSlugParams } from '@contracts/public-owner-page';

/** The page with all of a business's services (docs/PRODUCT.md#business-page); no session. */
export const businessPageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/public/owners/:publicSlug',
    {
      // A read anyone may make, limited per address so nobody walks the owners' addresses quickly.
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { params: publicSlugParams, response: { 200: businessPage } },
    },
    (req) => app.services.businessPage.page(req.params.publicSlug),
  );
};
