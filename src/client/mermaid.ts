/**
 * The `Mermaid` island (SiteConfig.markdown.mermaid): draws one diagram with the site's browser build of the project's
 * `mermaid` package, loaded once, in the theme of the colour mode shown, and again when the mode changes, as
 * Docusaurus's theme-mermaid draws its diagrams in the browser. Its props (rehypeCode's container): the diagram's
 * text, the script's URL, mermaid's theme for each colour mode and the options.
 */

interface MermaidProps {
  text: string;
  script: string;
  theme: { light: string; dark: string };
  options: Record<string, unknown>;
}

interface MermaidApi {
  initialize(config: Record<string, unknown>): void;
  render(id: string, text: string): Promise<{ svg: string; bindFunctions?: (element: Element) => void }>;
}

let loading: Promise<MermaidApi> | undefined;
/** Mermaid keeps one configuration: one diagram is drawn at a time. */
let queue: Promise<unknown> = Promise.resolve();
let drawn = 0;

/** The script that sets `window.mermaid`, loaded by the first diagram a visitor sees. */
function loadMermaid(src: string): Promise<MermaidApi> {
  loading ??= new Promise<MermaidApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => {
      const api = (window as unknown as { mermaid?: MermaidApi }).mermaid;
      if (api) resolve(api);
      else reject(new Error(`${src} did not define mermaid`));
    };
    script.onerror = () => {
      loading = undefined;
      reject(new Error(`${src} could not be loaded`));
    };
    document.head.append(script);
  });
  return loading;
}

const colorMode = (): 'light' | 'dark' => (document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light');

async function draw(element: HTMLElement, props: MermaidProps): Promise<void> {
  const theme = props.theme[colorMode()];
  if (element.dataset.mermaidTheme === theme) return;
  const mermaid = await loadMermaid(props.script);
  // Set before each diagram: a diagram's own directives change mermaid's configuration.
  mermaid.initialize({ startOnLoad: false, ...props.options, theme });
  const id = `mermaid-svg-${++drawn}`;
  try {
    const { svg, bindFunctions } = await mermaid.render(id, props.text);
    element.innerHTML = svg;
    bindFunctions?.(element);
    element.dataset.mermaidTheme = theme;
  } catch (error) {
    // Mermaid leaves its drawing of the error in the document.
    document.getElementById(`d${id}`)?.remove();
    throw error;
  }
}

export function mount(element: HTMLElement, props: unknown): Promise<void> {
  const next = () => {
    const run = queue.then(() => draw(element, props as MermaidProps));
    queue = run.catch(() => undefined);
    return run;
  };
  const observer = new MutationObserver(() => {
    if (!element.isConnected) observer.disconnect();
    else next().catch((error: unknown) => console.error(error));
  });
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return next();
}
