// Scaffold until the screen lands: the route shows its title and an honest note.
export { ScreenPlaceholder as FinancesPage } from '../placeholder/ScreenPlaceholder';
