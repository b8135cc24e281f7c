import type { UserConfig } from './src/config/schema.ts';

/** The Bilingo website, German locale. Reference: README "Configuration". */
const config: UserConfig = {
  title: 'Bilingo',
  tagline: 'Webseiten, PDFs, E-Books, Untertitel, Bilder und Manga zweisprachig lesen.',
  url: 'https://www.bilingo.app',
  baseUrl: '/de/',
  trailingSlash: true,
  favicon: '/img/favicon.svg',
  image: '/img/social-card.png',
  imageAlt:
    'Bilingo-Logo mit dem Satz „Webseiten, PDFs, Untertitel und Manga zweisprachig lesen“ und dem Zusatz „Original und Übersetzung nebeneinander – im Browser und in den Apps“',
  product: { name: 'Bilingo', slug: 'bilingo' },
  i18n: {
    defaultLocale: 'zh',
    currentLocale: 'de',
    locales: ['ar', 'de', 'en', 'es', 'fr', 'hi', 'it', 'ja', 'ko', 'pt', 'pt-BR', 'ru', 'zh', 'zh-Hans', 'zh-TW'],
    localeConfigs: {
      ar: { label: 'العربية', direction: 'rtl', htmlLang: 'ar' },
      de: { label: 'Deutsch', direction: 'ltr', htmlLang: 'de', calendar: 'gregory' },
      en: { label: 'English' },
      es: { label: 'Español' },
      fr: { label: 'Français' },
      hi: { label: 'हिन्दी' },
      it: { label: 'Italiano' },
      ja: { label: '日本語' },
      ko: { label: '한국어' },
      pt: { label: 'Português' },
      'pt-BR': { label: 'Português (Brasil)' },
      ru: { label: 'Русский' },
      zh: { label: '简体中文' },
      'zh-Hans': { label: '简体中文 (Hans)' },
      'zh-TW': { label: '繁體中文' },
    },
  },
  docs: {
    mainDocId: 'index',
    version: { name: 'current', label: 'Weiter' },
    toc: { minHeadingLevel: 2, maxHeadingLevel: 3 },
    breadcrumbs: true,
  },
  blog: { enabled: true, title: 'Blog', postsPerPage: 'ALL', sidebarCount: 'ALL' },
  navbar: {
    title: 'Bilingo',
    logo: { src: '/img/logo.svg', alt: 'Bilingo-Logo', width: 32, height: 32 },
    hideOnScroll: true,
    items: [
      { type: 'link', label: 'Download', to: '/download/' },
      { type: 'link', label: 'Dokumente übersetzen', href: 'https://app.bilingo.app/' },
      { type: 'link', label: 'Anleitung', to: '/docs/usage/' },
      { type: 'link', label: 'Preise', to: '/pricing/', id: 'nav-pricing', className: 'price-link' },
      { type: 'link', label: 'Lernzentrum', to: '/learn/' },
      {
        type: 'dropdown',
        label: 'Werkzeuge',
        items: [
          { label: 'PDF mit Layout übersetzen', href: 'https://app.bilingo.app/pdf-pro?layout=keep' },
          { label: 'PDF übersetzen', href: 'https://app.bilingo.app/pdf' },
          { label: 'PDF Pro übersetzen', href: 'https://app.bilingo.app/pdf-pro' },
          { label: 'Bilder übersetzen', href: 'https://app.bilingo.app/image' },
          { label: 'Text übersetzen', href: 'https://app.bilingo.app/text' },
          { label: 'ePub übersetzen', href: 'https://app.bilingo.app/epub' },
          { label: 'Untertiteldateien übersetzen', href: 'https://app.bilingo.app/subtitle' },
        ],
      },
      {
        type: 'dropdown',
        label: 'Mehr erfahren',
        items: [
          { label: 'Videountertitel übersetzen', to: '/f-video-subtitle-translate/' },
          { label: 'Zweisprachige Inhalte teilen', to: '/f-share-bilingual-content/' },
          { label: 'Manga übersetzen', to: '/manga/' },
          { label: 'Bilder übersetzen', to: '/image/' },
          { label: 'AO3 zweisprachig lesen', to: '/ao3/' },
          { label: 'PDF übersetzen', to: '/f-pdf-translate/' },
          { label: 'Code einlösen', to: '/exchange/' },
          { label: 'Befreundete Projekte', to: '/docs/friends/' },
          { label: 'Anwendungsszenarien', to: '/usage-scenarios/', flag: 'useScenes' },
          { label: 'Mitmachen', to: '/docs/joinUs/' },
          { label: 'Blog', to: '/blog/', flag: 'blog' },
          { label: 'Edge-Aktion', href: 'https://microsoftedge.microsoft.com/addons/detail/bilingo' },
        ],
      },
      { type: 'profile', label: 'Profil' },
      { type: 'premiumTag', label: 'Premium', to: '/pricing/' },
      { type: 'proTag', label: 'Pro', to: '/pricing/' },
      { type: 'locale' },
      { type: 'docsVersion' },
      { type: 'search' },
    ],
  },
  footer: {
    links: [
      {
        title: 'Dokumentation',
        items: [
          { label: 'Anleitung', to: '/docs/usage/' },
          { label: 'Häufige Fragen', to: '/docs/faq/' },
          { label: 'Übersetzungsdienste', to: '/docs/services/' },
        ],
      },
      {
        title: 'Produkt',
        items: [
          { label: 'Download', to: '/download/' },
          { label: 'Preise', to: '/pricing/' },
          { label: 'Team und Enterprise', to: '/pricing/#business' },
          { label: 'Partnerprogramm', to: '/learn/#partnerprogramm' },
        ],
      },
      {
        title: 'Projekt',
        items: [
          { label: 'Versionshinweise', href: 'https://github.com/bilingo-app/bilingo/releases' },
          { label: 'Fehler melden', href: 'https://github.com/bilingo-app/bilingo/issues' },
        ],
      },
      {
        // On every page (§ 5 DDG, § 312k BGB): the Impressum, and the cancellation button with its required label.
        title: 'Rechtliches',
        items: [
          { label: 'Impressum', to: '/impressum/' },
          { label: 'Datenschutz', to: '/docs/PRIVACY/' },
          { label: 'Nutzungsbedingungen', to: '/docs/TERMS/' },
          { label: 'Verträge hier kündigen', to: '/kuendigen/', id: 'footer-cancel' },
        ],
      },
    ],
    social: [
      { label: 'GitHub', href: 'https://github.com/bilingo-app/bilingo' },
      { label: 'Discord', href: 'https://discord.gg/bilingo' },
      { label: 'Telegram', href: 'https://t.me/bilingo_app' },
      { label: 'E-Mail', href: 'mailto:support@bilingo.app', flag: 'Email' },
      { label: 'X (Twitter)', href: 'https://x.com/bilingo_app', flag: 'Twitter' },
    ],
    appStores: [
      { label: 'App Store (iOS)', url: 'https://apps.apple.com/app/bilingo' },
      { label: 'Google Play (Android)', url: 'https://play.google.com/store/apps/details?id=app.bilingo' },
    ],
    currencies: true,
    copyright: '© 2025 Bilingo',
  },
  announcementBar: {
    id: 'manga-promo-2025',
    content: 'Manga zweisprachig lesen: <a href="/deals/manga/">3 Tage Pro kostenlos</a> für neue Nutzerinnen und Nutzer.',
    backgroundColor: '#eff6ff',
    textColor: '#0f172a',
    isCloseable: true,
  },
  colorMode: { defaultMode: 'light', disableSwitch: true, respectPrefersColorScheme: false },
  flags: { blog: false, useScenes: false, zhTWVisible: false, Email: false, Twitter: false },
  search: { provider: 'local', contextualSearch: true },
  analytics: { gtmContainerId: 'GTM-5QX7K2P' },
  // What the banner asks consent for (README "Going live in Germany"); the privacy policy (§ 3.3–3.4) describes
  // exactly these services. A new version asks every visitor again.
  consent: {
    version: '2025-11',
    categories: [
      {
        id: 'necessary',
        services: [
          {
            name: 'Bilingo-Website',
            purpose: 'Speichert Ihre Wahl in diesem Fenster, Ihre Anmeldung und Einstellungen wie die gewählte Währung.',
            cookies: ['bilingo_token'],
          },
        ],
      },
      {
        id: 'statistics',
        services: [
          {
            name: 'Google Tag Manager',
            provider: 'Google Ireland Limited',
            purpose: 'Lädt die Reichweitenmessung, erst nach Ihrer Einwilligung.',
          },
          {
            name: 'Google Analytics 4',
            provider: 'Google Ireland Limited',
            purpose: 'Reichweitenmessung: aufgerufene Seiten, Verweildauer, Herkunft, ungefähre Angaben zu Gerät und Region.',
            cookies: ['_ga', '_ga_*'],
          },
        ],
      },
    ],
  },
  legal: { cancellationUrl: 'https://api.bilingo.app/v1/contracts/cancellations' },
  header: { startDelayMs: 1200, pollMs: 1000, mobileBreakpoint: 997, signInUrl: 'https://app.bilingo.app/login' },
  promotions: {
    banner: {
      start: '2025-05-06T16:00:00Z',
      end: '2025-06-30T16:00:00Z',
      locales: ['zh', 'zh-Hans', 'zh-TW'],
      content: '漫画翻译上线：新用户可免费领取 3 天 Pro 会员',
      href: '/deals/manga/',
    },
    manga: {
      start: '2025-05-06T16:00:00Z',
      end: '2027-06-30T16:00:00Z',
      claimUrl: 'https://api.bilingo.app/v1/promotions/manga/claim',
      days: 3,
      extensionAttribute: 'data-bilingo-extension',
    },
    minChromeVersion: 88,
  },
  onBrokenLinks: 'throw',
  onBrokenAnchors: 'warn',
};

export default config;
