import { useQuery } from '@tanstack/react-query';
import { getUserInfo } from '@shared/contract/account';
import { api } from './api';

/** The signed-in user's profile (header, personal account); one cache entry for the whole app. */
export function useUserInfo() {
  return useQuery({
    queryKey: ['userInfo'],
    queryFn: ({ signal }) => api.call(getUserInfo, {}, { handleErrors: true, signal }).then((result) => result.userInfo),
  });
}
