import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { sendFailureReason } from './send-failure';

describe('sendFailureReason', () => {
  it('says there is no connection for what fetch and the api client throw when the network is gone', () => {
    expect(sendFailureReason(new TypeError('Failed to fetch'))).toBe('нет связи с сервером');
    expect(sendFailureReason(new ApiError('transport', 'Failed to fetch'))).toBe('нет связи с сервером');
  });

  it("keeps the server's own refusal and any other message as it is", () => {
    expect(sendFailureReason(new ApiError('failure', 'Срок сдачи прошёл'))).toBe('Срок сдачи прошёл');
    expect(sendFailureReason(new Error('Что-то пошло не так'))).toBe('Что-то пошло не так');
  });
});
