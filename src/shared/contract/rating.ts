/** Рейтинг и статистика: calls of this area (shell §7.2, §7.3; learning doc §7). */
export {};
