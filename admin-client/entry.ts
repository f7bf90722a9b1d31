/** The back office's browser bundle: Stimulus controllers that enhance the server-rendered forms. */
import { Application } from '@hotwired/stimulus';
import { AutosaveController } from './controllers/autosave-controller';
import { BulkActionsController } from './controllers/bulk-actions-controller';
import { ConfirmController } from './controllers/confirm-controller';
import { EditingSessionController } from './controllers/editing-session-controller';
import { FocalPointController } from './controllers/focal-point-controller';
import { MediaChooserController } from './controllers/media-chooser-controller';
import { ErrorSummaryController } from './controllers/error-summary-controller';
import { MultipleUploadController } from './controllers/multiple-upload-controller';
import { PageChooserController } from './controllers/page-chooser-controller';
import { RefreshController } from './controllers/refresh-controller';
import { SidebarController } from './controllers/sidebar-controller';
import { SlugController } from './controllers/slug-controller';

const application = Application.start();
application.register('sidebar', SidebarController);
application.register('slug', SlugController);
application.register('confirm', ConfirmController);
application.register('editing-session', EditingSessionController);
application.register('refresh', RefreshController);
application.register('autosave', AutosaveController);
application.register('page-chooser', PageChooserController);
application.register('error-summary', ErrorSummaryController);
application.register('focal-point', FocalPointController);
application.register('media-chooser', MediaChooserController);
application.register('multiple-upload', MultipleUploadController);
application.register('bulk-actions', BulkActionsController);
