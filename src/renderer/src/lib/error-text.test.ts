import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { failureReason } from './error-text';

describe('failureReason', () => {
  it('says there is no connection for what fetch and the api client throw when the network is gone', () => {
    expect(failureReason(new TypeError('Failed to fetch'))).toBe('нет связи с сервером');
    expect(failureReason(new ApiError('transport', 'Failed to fetch'))).toBe('нет связи с сервером');
  });

  it("keeps the server's own refusal and any other message as it is", () => {
    expect(failureReason(new ApiError('failure', 'Срок сдачи прошёл'))).toBe('Срок сдачи прошёл');
    expect(failureReason(new Error('Что-то пошло не так'))).toBe('Что-то пошло не так');
  });
});
