// The DOM matchers (toHaveFocus, toHaveValue…) the component tests get from tests/config/components-setup.ts.
/// <reference types="@testing-library/jest-dom/vitest" />
