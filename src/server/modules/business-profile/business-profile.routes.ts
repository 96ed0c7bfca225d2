import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  businessProfileBody,
  businessProfileDto,
  LOGO_MAX_BYTES,
  logoParams,
  logoQuery,
} from '@contracts/business-profile';
import { nl } from '@contracts/messages';
import { AppError } from '../../http/app-error';
import { currentMember, currentUser } from '../../http/auth-guard';
import { byMember } from '../activity/activity.repo';

/** Instellingen → 'Bedrijfsprofiel' (docs/PRODUCT.md#business-profile). */
export const businessProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const profile = app.services.businessProfile;

  app.get('/api/business-profile', { schema: { response: { 200: businessProfileDto } } }, (req) =>
    profile.get(currentUser(req)),
  );
  app.patch(
    '/api/business-profile',
    { schema: { body: businessProfileBody, response: { 200: businessProfileDto } } },
    (req) => profile.update(currentUser(req), req.body, byMember(currentMember(req))),
  );
  app.delete('/api/business-profile/logo', { schema: { response: { 200: businessProfileDto } } }, (req) =>
    profile.deleteLogo(currentUser(req), byMember(currentMember(req))),
  );

  // The upload is the image's raw bytes, in a scope of its own: whatever content type it claims
  // (image/png, application/octet-stream, or a lie such as image/png over an SVG or HTML page), the
  // body arrives as bytes and the service decides by content. Over 1 MB it stops reading: a Dutch 413.
  await app.register(async (upload) => {
    upload.removeAllContentTypeParsers();
    upload.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: LOGO_MAX_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    upload.setErrorHandler((err: FastifyError) => {
      if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
        throw new AppError('PAYLOAD_TOO_LARGE', nl.businessProfile.logoTooLarge, {
          logo: nl.businessProfile.logoTooLarge,
        });
      throw err;
    });
    upload.put(
      '/api/business-profile/logo',
      { bodyLimit: LOGO_MAX_BYTES, schema: { response: { 200: businessProfileDto } } },
      (req) => profile.putLogo(currentUser(req), req.body, byMember(currentMember(req))),
    );
  });

  app.get(
    '/api/public/logos/:ownerId',
    { schema: { params: logoParams, querystring: logoQuery } },
    async (req, reply) => {
      const logo = await profile.publicLogo(req.params.ownerId, req.query.v);
      return (
        reply
          // The type stored when its bytes were checked, never one a request named; the browser may not
          // guess another (nosniff), and opened on its own the file can run nothing (sandbox).
          .type(logo.type)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          // Its address changes with every new logo, so the current version may be kept for good; an
          // old or missing version briefly, until the page asks the new address.
          .header(
            'cache-control',
            logo.current ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
          )
          .send(Buffer.from(logo.bytes))
      );
    },
  );
};
