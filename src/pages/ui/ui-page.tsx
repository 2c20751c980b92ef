import { t } from '../../i18n';
import { ThemeSwitch } from '../../ui/theme';
import { AttachmentsGallery } from './attachments-gallery';
import { AvatarGallery } from './avatar-gallery';
import { ButtonGallery } from './button-gallery';
import { IconGallery } from './icon-gallery';
import { ProgressGallery } from './progress-gallery';
import { ToastGallery } from './toast-gallery';
import './ui-page.css';

/** The component gallery: every kit component in every size, variant and state. No layout. */
export default function UiPage() {
  return (
    <div className="ui-page">
      <header className="ui-page__header">
        <h1 tabIndex={-1}>{t('ui.heading')}</h1>
        <ThemeSwitch />
      </header>
      <ToastGallery />
      <ButtonGallery />
      <AvatarGallery />
      <ProgressGallery />
      <IconGallery />
      <AttachmentsGallery />
    </div>
  );
}
