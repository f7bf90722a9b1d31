import Error404 from './Error404';
import ExamplePage from './ExamplePage';
import FooterTemplate from './FooterTemplate';
import HomePage from './HomePage';
import type { TemplateModule, TemplateName } from './index';
import LoginTemplate from './LoginTemplate';
import PasswordRequired from './PasswordRequired';

/** Every template, imported statically: the server renders any of them without waiting. */
export const ALL_TEMPLATES: Record<TemplateName, TemplateModule['default']> = {
  'home page': HomePage,
  'example page': ExamplePage,
  'error 404': Error404,
  footer: FooterTemplate,
  'password required': PasswordRequired,
  login: LoginTemplate,
};
