import BlockPreview from './BlockPreview';
import ContactUs from './ContactUs';
import ContactUsLanding from './ContactUsLanding';
import EmailSignup from './EmailSignup';
import EmailSignupConfirmation from './EmailSignupConfirmation';
import EmailSignupLanding from './EmailSignupLanding';
import Error404 from './Error404';
import ExamplePage from './ExamplePage';
import FooterTemplate from './FooterTemplate';
import HomePage from './HomePage';
import type { TemplateModule, TemplateName } from './index';
import LocationsList from './LocationsList';
import LocationsMap from './LocationsMap';
import LocationsStateList from './LocationsStateList';
import LoginTemplate from './LoginTemplate';
import PasswordRequired from './PasswordRequired';
import PressRelease from './PressRelease';
import PressReleaseList from './PressReleaseList';
import PressSection from './PressSection';
import RedirectPage from './RedirectPage';
import SingleLocation from './SingleLocation';
import UtilityPage from './UtilityPage';
import WaitlistStatus from './WaitlistStatus';

/** Every template, imported statically: the server renders any of them without waiting. */
export const ALL_TEMPLATES: Record<TemplateName, TemplateModule['default']> = {
  'home page': HomePage,
  'example page': ExamplePage,
  'error 404': Error404,
  footer: FooterTemplate,
  'contact us': ContactUs,
  'contact us landing page': ContactUsLanding,
  'email signup': EmailSignup,
  'email signup landing page': EmailSignupLanding,
  'email signup confirmation': EmailSignupConfirmation,
  'locations list': LocationsList,
  'single location': SingleLocation,
  'locations map': LocationsMap,
  'locations state list': LocationsStateList,
  'press release list': PressReleaseList,
  'single press release': PressRelease,
  'press section': PressSection,
  redirect: RedirectPage,
  'utility page': UtilityPage,
  'password required': PasswordRequired,
  login: LoginTemplate,
  'wait list status': WaitlistStatus,
  'block preview': BlockPreview,
};
