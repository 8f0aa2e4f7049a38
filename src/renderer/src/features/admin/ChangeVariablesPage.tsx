import { ruAdmin } from '../../i18n/admin';
import type { UserType } from '@shared/domain/user-types';
import { storedUserType } from '../../lib/session';
import { Tabs } from '../../ui';
import { DocumentsTab } from './DocumentsTab';
import { ExamTab } from './ExamTab';
import { GroupsTab } from './GroupsTab';
import { IconsTab } from './IconsTab';
import { ModelBudgetTab } from './ModelBudgetTab';
import { IntensivTab, TariffsTab } from './PricesAndDatesTabs';
import { TodayTab } from './TodayTab';
import { ZoomTab } from './ZoomTab';
import './admin.css';

const t = ruAdmin.tabs;

const ADMIN: UserType = 'Админ';

/**
 * Back-office §2.10 'change-variables': six tabs, «Сегодня» and «Документы», each loading on its first open;
 * admins also see «ИИ» (today's model calls; the server allows that call to admins only).
 */
export function ChangeVariablesPage() {
  const admin = storedUserType() === ADMIN;
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
          { key: 'today', label: t.today, render: () => <TodayTab /> },
          { key: 'tariffs', label: t.tariffs, render: () => <TariffsTab /> },
          { key: 'documents', label: t.documents, render: () => <DocumentsTab /> },
          ...(admin ? [{ key: 'modelBudget', label: t.modelBudget, render: () => <ModelBudgetTab /> }] : []),
        ]}
      />
    </section>
  );
}
