import { describe, expect, it } from 'vitest';
import { ogLocale } from '../../src/shared/locales.ts';

describe('og:locale', () => {
  it('og-locale: should give a bare language its usual territory', () => {
    expect(['de', 'en', 'fr', 'ja', 'ko', 'ar', 'hi', 'ru', 'pt', 'zh', 'it', 'es'].map(ogLocale)).toEqual([
      'de_DE',
      'en_US',
      'fr_FR',
      'ja_JP',
      'ko_KR',
      'ar_AR',
      'hi_IN',
      'ru_RU',
      'pt_PT',
      'zh_CN',
      'it_IT',
      'es_ES',
    ]);
  });

  it('og-locale: should keep the region a language tag names, and read the script of Chinese', () => {
    expect(ogLocale('pt-BR')).toBe('pt_BR');
    expect(ogLocale('de-AT')).toBe('de_AT');
    expect(ogLocale('en-gb')).toBe('en_GB');
    expect(ogLocale('zh-TW')).toBe('zh_TW');
    expect(ogLocale('zh-Hans')).toBe('zh_CN');
    expect(ogLocale('zh-Hant')).toBe('zh_TW');
    expect(ogLocale('zh-Hant-HK')).toBe('zh_HK');
    expect(ogLocale('es-419')).toBe('es_419');
  });

  it('og-locale: should leave a language it knows no territory for as it is', () => {
    expect(ogLocale('eo')).toBe('eo');
  });
});
