/**
 * The sign-in calls' contracts, loaded when a call is made rather than with the page: they bring
 * zod, a fifth of the sign-in page's bytes, and the form can be filled in while it arrives
 * (the sign-in page usable within 1.5 s on slow 4G).
 */
export function authContracts(): Promise<typeof import('@shared/contract/auth')> {
  return import('@shared/contract/auth');
}
