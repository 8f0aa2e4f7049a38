import { useQuery } from '@tanstack/react-query';
import { getBirthdays, getRaspis } from '@shared/contract/calendar';
import { api } from '../../lib/api';

/** The signed-in user's lessons and test weeks (get_raspis.php). */
export function useSchedule() {
  return useQuery({
    queryKey: ['calendar', 'schedule'],
    queryFn: ({ signal }) => api.call(getRaspis, {}, { handleErrors: true, signal }).then((result) => result.dataArrayArray),
  });
}

/** Who has a birthday today in Moscow (get_birthdays.php). */
export function useBirthdays() {
  return useQuery({
    queryKey: ['calendar', 'birthdays'],
    queryFn: ({ signal }) => api.call(getBirthdays, {}, { handleErrors: true, signal }).then((result) => result.usersInfo),
  });
}
