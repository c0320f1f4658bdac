// The library entry: mount() for any element, the <streamscope-player> custom element, and the message protocol.
export { mount, type MountOptions, type PlayerHandle } from './mount';
export { StreamscopePlayer, defineStreamscopePlayer } from './element';
export { parseCommand, type PageCommand, type PlayerEventMessage } from './protocol';
export { parseEmbedParams, PANEL_IDS, type EmbedOptions, type PanelId, type ControlsMode } from './options';
