// The library entry (`streamscope`): mount() for any element, the element's definer (`streamscope/element` defines
// it on import), the message protocol of embed.html and the options' types. Importing it has no side effect.
export { mount } from './mountInPage';
export type { LiveOptions, MountOptions, PlayerHandle } from './mount';
export { defineStreamscopePlayer, type StreamscopePlayerElement } from './element';
export { parseCommand, type PageCommand, type PlayerEventMessage } from './protocol';
export { parseEmbedParams, PANEL_IDS, type EmbedOptions, type LangOption, type PanelId, type ControlsMode, type ThemeOption } from './options';
export { followHost, type FollowOptions } from './followIframe';
export { readHostTheme, type HostTheme } from './hostPage';
