import { queryOptions, useQuery } from '@tanstack/react-query';
import { getUserInfo } from '@shared/contract/account';
import { api } from './api';

/** The signed-in user's profile; one cache entry for the whole app (a profile change invalidates this key). */
export const userInfoQuery = () =>
  queryOptions({
    queryKey: ['userInfo'],
    queryFn: ({ signal }) => api.call(getUserInfo, {}, { handleErrors: true, signal }).then((result) => result.userInfo),
  });

/** The signed-in user's profile (header, personal account). */
export function useUserInfo() {
  return useQuery(userInfoQuery());
}
