/**
 * The readers' learning, installed where inputs can be large: the envelope templates' builder and reader
 * (wire/template-make.ts `makeTemplate`, wire/template-hole.ts `holeOf`, used by wire/envelope.ts) and the ground truth's shape builder and fitter
 * (strategies/ground-truth/shape.ts `makeShape`, shape-fit.ts `fitShapeIn`, used by its schedule.ts).
 *
 * Contract: importing this module installs both (idempotent). Each only changes how much of a frame is parsed,
 * never what is read (test/core/wire/envelope.test.ts and test/core/strategies/truth-shapes.test.ts compare the
 * readings with and without). core/wires/all.ts imports it, so the CLI, the workers, the lab, the tests and the
 * bench have it; a page's inline analysis (at most 512 KiB: worker/client.ts) goes without, and its first chunks
 * do not carry that code (about 2.6 KB gzip of the analysis chunk).
 */
import { makeShape } from './strategies/ground-truth/shape';
import { fitShapeIn } from './strategies/ground-truth/shape-fit';
import { installShapes } from './strategies/ground-truth/schedule';
import { installTemplates } from './wire/envelope';
import { holeOf } from './wire/template-hole';
import { makeTemplate } from './wire/template-make';

installTemplates({ make: makeTemplate, holeOf });
installShapes({ make: makeShape, fit: fitShapeIn });
