import type { Request, RequestHandler, Response } from 'express';
import type { CaptchaProvider } from '../captcha/provider';
import type { Page } from '../db/schema';
import type { RawValues } from '../forms/fields';
import { nonFieldError } from '../forms/form';
import { occasionsFormSet } from '../forms/signup-form';
import { saveFormSubmission } from '../models/form-submissions';
import { findPageByUrlPath } from '../models/pages';
import { requestSignupConfirmation } from '../models/signup-confirmations';
import { signUpSubscriber, type SignupOptions } from '../models/subscriber-occasions';
import { normalizeEmail } from '../models/subscribers';
import { firstUnmetRestriction, restrictionsForPage } from '../models/view-restrictions';
import { contactUsPage } from '../pagetypes/contact-us-page';
import { emailSignupPage } from '../pagetypes/email-signup-page';
import { landingUrlFor } from '../pagetypes/form-pages';
import type { PageTypeContext, PageTypeDefinition, PostedForm } from '../pagetypes/types';
import { checkRateLimit, hashClientAddress } from '../rate-limit';
import { mailOrigin } from '../admin/mail-origin';
import { signupConfirmationMail } from '../mail/signup-confirmation-mail';
import { checkContactPost } from '../forms/contact-submission';
import type { PageResponder, PublicViewOptions } from './page-response';
import { headFor, pageTypeContext, pathComponents } from './serve';
import { checkSignupPost } from '../forms/signup-submission';
import { resolveRequestSite, type RequestSite } from './site-request';

/** What the form views need: the public view options, the captcha and the per-IP post limit. */
export interface PageFormsOptions extends PublicViewOptions {
  captcha: CaptchaProvider;
  postsPerWindow: number;
  windowSeconds: number;
}

/** Shown above a form whose post could not be saved; what the visitor typed is shown again. */
export const SAVE_FAILED_MESSAGE = 'We could not save your submission just now. Nothing you typed was lost: please send it again in a moment.';

/** What handling a post decided: go to the landing page, or show the form again with a status. */
type PostOutcome = { redirect: string } | { status: number; posted: PostedForm };

/** The page a post was sent to, with its parsed fields and a context to build props with. */
interface FormPage<Fields> {
  page: Page;
  fields: Fields;
  site: RequestSite;
  context: PageTypeContext;
  req: Request;
  body: RawValues;
}

/** A page type that takes posts, with the function that handles one. */
interface FormPageHandler {
  pageType: PageTypeDefinition;
  handle(formPage: FormPage<unknown>): Promise<PostOutcome>;
}

function formPageHandler<Fields>(pageType: PageTypeDefinition<Fields>, handle: (formPage: FormPage<Fields>) => Promise<PostOutcome>): FormPageHandler {
  // The dispatcher parses the fields with this same page type, so erasing their type here is safe.
  return { pageType, handle };
}

/**
 * HTML form posts to pages with a form (contact us, email signup), sent to the page's own address
 * with csrfmiddlewaretoken (checked app-wide before this). Each post is rate limited per IP; a
 * valid one is stored in one transaction and redirected (Post/Redirect/Get); an invalid one, or
 * one the database refused, shows the page again with what was typed and the errors. A refused
 * form answers 200 as Django does: a 4xx page makes browsers log an error for the visitor's slip.
 */
export function pageForms(options: PageFormsOptions, responder: PageResponder): RequestHandler {
  const { db, config, captcha } = options;

  const handlers: Record<string, FormPageHandler> = {
    [contactUsPage.name]: formPageHandler(contactUsPage, async ({ page, fields, site, context, req, body }) => {
      const checked = await checkContactPost(page, fields, body, {
        db,
        logger: context.logger,
        captcha,
        remoteIp: req.ip ?? '',
        fallbackTo: config.CONTACT_TO_ADDRESS,
        siteName: site.site.site_name,
      });
      if (!checked.ok) return { status: 200, posted: { body, errors: checked.errors } };
      try {
        await saveFormSubmission(db, { pageId: page.id, formData: checked.formData, ipHash: hashClientAddress(config.SECRET_KEY, req) }, checked.notification);
      } catch (error) {
        context.logger.error({ err: error, pageId: page.id }, 'Contact message could not be saved');
        return { status: 500, posted: { body, errors: nonFieldError(SAVE_FAILED_MESSAGE) } };
      }
      return { redirect: await landingUrlFor(context, page, fields.landing_page, 'contact_us_landing_page') };
    }),
    [emailSignupPage.name]: formPageHandler(emailSignupPage, async ({ page, fields, site, context, req, body }) => {
      const checked = await checkSignupPost(body, { captcha, remoteIp: req.ip ?? '' });
      const formSets = { [occasionsFormSet.prefix]: { forms: checked.occasions.forms, nonFormErrors: checked.occasions.nonFormErrors } };
      if (!checked.ok) return { status: 200, posted: { body, errors: checked.errors, formSets } };
      try {
        await saveSignup(checked.signup, site, req);
      } catch (error) {
        context.logger.error({ err: error, pageId: page.id }, 'Email signup could not be saved');
        return { status: 500, posted: { body, errors: nonFieldError(SAVE_FAILED_MESSAGE), formSets } };
      }
      return { redirect: await landingUrlFor(context, page, fields.landing_page, 'email_signup_landing_page') };
    }),
  };

  /** With double opt-in, keeps the signup aside and mails its confirmation link; else subscribes at once. */
  async function saveSignup(signup: SignupOptions, site: RequestSite, req: Request): Promise<void> {
    if (!config.EMAIL_SIGNUP_DOUBLE_OPT_IN) {
      await signUpSubscriber(db, signup);
      return;
    }
    const origin = await mailOrigin(req, db);
    // Past the limit of mails to one address nothing is sent; the visitor is told the same.
    await requestSignupConfirmation(db, {
      signup,
      secret: config.SECRET_KEY,
      now: options.clock(),
      mailFor: (token) => signupConfirmationMail({ to: normalizeEmail(signup.email), origin, token, siteName: site.site.site_name }),
    });
  }

  /** The page again, with the posted form, its errors and the given status. */
  async function sendPosted(formPage: FormPage<unknown>, res: Response, pageType: PageTypeDefinition, outcome: { status: number; posted: PostedForm }) {
    const { page, fields, site, context, req } = formPage;
    const props = await pageType.getProps(page, fields, { ...context, posted: outcome.posted });
    res.set('Cache-Control', 'no-store');
    await responder.send(req, res, site, {
      template: pageType.template,
      props: props as Record<string, unknown>,
      head: headFor(page, pageType.robots),
      status: outcome.status,
    });
  }

  return async function postPageForm(req, res, next) {
    const site = await resolveRequestSite(db, req);
    const components = pathComponents(req.path);
    const page = site && components && (await findPageByUrlPath(db, site.root, components, { liveOnly: true }));
    const handler = page ? handlers[page.page_type] : undefined;
    if (!site || !page || !handler) return next();
    // A restricted page's form is only for visitors who may see the page; send others to it.
    if (firstUnmetRestriction(await restrictionsForPage(db, page), req.session)) return res.redirect(303, req.originalUrl);
    const rule = { bucket: `form:${page.page_type}`, max: options.postsPerWindow, windowSeconds: options.windowSeconds };
    await checkRateLimit({ db, clock: options.clock, secret: config.SECRET_KEY, rule }, req);

    const context: PageTypeContext = { ...pageTypeContext(options, req, site, {}), captcha };
    const formPage: FormPage<unknown> = { page, fields: handler.pageType.fields.parse(page.content), site, context, req, body: rawBody(req.body) };
    const outcome = await handler.handle(formPage);
    if ('redirect' in outcome) return res.redirect(303, outcome.redirect);
    await sendPosted(formPage, res, handler.pageType, outcome);
  };
}

/** The posted fields as strings: the last value of a repeated name, as Django reads a QueryDict. */
function rawBody(body: unknown): RawValues {
  const values: Record<string, string> = {};
  if (!body || typeof body !== 'object') return values;
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    const last: unknown = Array.isArray(value) ? value.at(-1) : value;
    if (typeof last === 'string') values[name] = last;
  }
  return values;
}
