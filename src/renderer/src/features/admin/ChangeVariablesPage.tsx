import { ruAdmin } from '../../i18n/admin';
import { Tabs } from '../../ui';
import { DocumentsTab } from './DocumentsTab';
import { ExamTab } from './ExamTab';
import { GroupsTab } from './GroupsTab';
import { IconsTab } from './IconsTab';
import { IntensivTab, TariffsTab } from './PricesAndDatesTabs';
import { ZoomTab } from './ZoomTab';
import './admin.css';

const t = ruAdmin.tabs;

/** Back-office §2.10 'change-variables': six tabs and «Документы», each loading on its first open. */
export function ChangeVariablesPage() {
  return (
    <section className="screen admin-settings" aria-labelledby="admin-settings-title">
      <h1 id="admin-settings-title">{ruAdmin.title}</h1>
      <Tabs
        label={ruAdmin.title}
        tabs={[
          { key: 'exam', label: t.exam, render: () => <ExamTab /> },
          { key: 'icons', label: t.icons, render: () => <IconsTab /> },
          { key: 'groups', label: t.groups, render: () => <GroupsTab /> },
          { key: 'zoom', label: t.zoom, render: () => <ZoomTab /> },
          { key: 'intensiv', label: t.intensiv, render: () => <IntensivTab /> },
          { key: 'tariffs', label: t.tariffs, render: () => <TariffsTab /> },
          { key: 'documents', label: t.documents, render: () => <DocumentsTab /> },
        ]}
      />
    </section>
  );
}
