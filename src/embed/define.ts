// `streamscope/element`: importing it defines <streamscope-player> in a browser, and does nothing in Node (a doc
// site's server render imports its theme's modules there), so it can be imported from any page or theme module.
import { defineStreamscopePlayer } from './element';

defineStreamscopePlayer();

export { defineStreamscopePlayer, type StreamscopePlayerElement } from './element';
