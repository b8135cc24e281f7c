/**
 * The docs sidebar `docs`. Entries are doc ids (the path under content/docs without extension),
 * categories and links. Docs not listed here are still built (apikey, dependences, donate, EULA,
 * joinUs, PRIVACY, TERMS, thanks), just not shown in the sidebar.
 */
const services = [
  'ai', 'openai', 'claude', 'gemini', 'deepseek', 'deepL', 'azure', 'azure-openai', 'ollama', 'custom', 'openrouter', 'groq', 'grok',
  'kimi', 'zhipu', 'qwen-mt', 'aliyun', 'aliyun-bailian', 'baidu', 'baidu-qianfan', 'tencent', 'tencent-hunyuan', 'volcano', 'doubao',
  'youdao', 'youdao-ziyue', 'caiyun', 'niu', 'openL', 'lingyiwanwu',
].map((id) => `services/${id}`);

export default {
  docs: [
    {
      type: 'category',
      label: 'Erste Schritte',
      collapsed: false,
      items: ['index', 'installation', 'usage', 'input', 'advanced', 'faq'],
    },
    {
      type: 'category',
      label: 'Funktionen',
      collapsed: false,
      items: ['features/webpage', 'features/hover', 'features/pdf', 'features/epub', 'features/subtitles', 'features/video-subtitles', 'features/image', 'features/manga'],
    },
    {
      type: 'category',
      label: 'Übersetzungsdienste',
      link: { type: 'doc', id: 'services' },
      items: services,
    },
    {
      type: 'category',
      label: 'Anwendung',
      items: ['usecase', 'sites', 'videoSiteSupport', 'share', 'pdf-helper', 'prompts'],
    },
    {
      type: 'category',
      label: 'Für Entwickler',
      items: ['js-sdk', 'browserExtensionIntegration'],
    },
    {
      type: 'category',
      label: 'Gemeinschaft',
      items: ['communities', 'friends', 'recommend', 'review', 'CHANGELOG'],
    },
  ],
};
