/**
 * The readers' learning, installed where inputs can be large: the envelope templates' builder (wire/template.ts
 * `makeTemplate`, used by wire/envelope.ts) and the ground truth's shape builder (strategies/ground-truth/shape.ts
 * `makeShape`, used by its schedule.ts).
 *
 * Contract: importing this module installs both (idempotent). Each only changes how much of a frame is parsed,
 * never what is read (test/core/wire/envelope.test.ts and test/core/strategies/truth-shapes.test.ts compare the
 * readings with and without). core/wires/all.ts imports it, so the CLI, the workers, the lab, the tests and the
 * bench have it; a page's inline analysis (at most 512 KiB: worker/client.ts) goes without, and its first chunks
 * do not carry the builders (about 1.8 KB gzip).
 */
import { makeShape } from './strategies/ground-truth/shape';
import { installShapeBuilder } from './strategies/ground-truth/schedule';
import { installTemplateBuilder } from './wire/envelope';
import { makeTemplate } from './wire/template-make';

installTemplateBuilder(makeTemplate);
installShapeBuilder(makeShape);
