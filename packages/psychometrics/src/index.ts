/**
 * @mindgauge/psychometrics — the measurement engine. Pure: no I/O, no clock, no
 * global randomness. Every random choice comes from an Rng passed in, so the same
 * seed gives the same items and the same scores. See README.md.
 */

// Audits: independent checks of items and scoring on simulated respondents
export {
  auditOptionsOnly,
  type OptionsOnlyReport,
  type OptionsOnlyStrategy,
  optionsOnlyStrategies,
} from './audit/options-only';
export { type RespondentKind, type RespondentProfile, simulateSession } from './audit/simulate';
export { PsychometricsInputError, type PsychometricsInputErrorCode } from './core/errors';
export { type LikertResponse, readLikertResponses } from './core/likert-responses';
export { chiSquareP, normalCdf, uniformChiSquare } from './core/normal';
export { type ResponseStyle, responseStyle } from './core/response-style';
// Randomness and errors
export { createRng, type Rng } from './core/rng';
// Forms
export { type AssembleFormOptions, assembleForm, type Form } from './forms/assemble-form';
export { type FormSlot, PART_SPANS, standardBlueprint, TARGET_A } from './forms/blueprint';
// Multistage test (scoring version 2)
export {
  CURRENT_MST_DESIGN,
  chooseRoute,
  drawRoutedForm,
  drawStage,
  MIN_RISE,
  MODULE_LEVELS,
  type ModuleLevel,
  MST_DESIGNS,
  mstDesign,
  type Route,
  type RoutingResponse,
  STAGE_ITEMS,
  type Stage,
  stageBlueprint,
  stageSpan,
} from './forms/multistage';
export { MST_DESIGN_1, MST_DESIGN_2, type MultistageDesign } from './forms/multistage-designs';
export { KEY_MAX_PER_POSITION, KEY_MAX_RUN, randomKeyPositions } from './forms/random-key';
export { type CalibrationOptions, type CalibrationResult, calibrate, type ResponseRow } from './irt/calibrate';
export { type AbilityEstimate, eapEstimate, personFitLz, type ScoredItem } from './irt/eap';
// IRT
export { BELOW_RANGE_QUANTILE, type JeffreysEstimate, jeffreysEstimate } from './irt/jeffreys';
export { GUESSING, type ItemParams, itemInformation, p3pl, testInformation } from './irt/model';
export { LEVEL_BANDS, levelOf } from './items/difficulty';
export { generateItem, type ItemSpec } from './items/generate-item';
export { matrixKey, panelsEqual } from './items/item-key';
export {
  CANONICAL_PATTERNS,
  type ComponentDef,
  LAYOUT_NAMES,
  LAYOUTS,
  type LayoutDef,
  type Slot,
} from './items/layouts';
export { type FieldSolution, type ItemValidation, type SolveResult, solveItem, validateItem } from './items/solver';
// Items: structured form, generation, solving, validation
export type {
  AttributeName,
  ComponentState,
  DifficultyFeatures,
  Explanation,
  ItemParameters,
  LayoutName,
  MatrixItem,
  Panel,
  RuleName,
  RuleSpec,
  ShapeName,
} from './items/types';
// Locale keys
export { engineLocaleKeys, layoutKey, ruleNameKey, shapeKey } from './locale/keys';
// Members' tasks: spatial span, reaction time, practice and weekly training sets
export {
  CORSI_BLOCKS,
  CORSI_MAX_LENGTH,
  CORSI_START_LENGTH,
  type CorsiResult,
  type CorsiTrial,
  corsiNextLength,
  corsiSequence,
  scoreCorsi,
} from './members/corsi';
export {
  type MemberDimension,
  REACTION_REFERENCE,
  reactionDimension,
  SPAN_REFERENCE,
  spanDimension,
} from './members/member-dimensions';
export {
  isoWeek,
  PRACTICE_LEVELS,
  practiceSet,
  TRAINING_ITEMS,
  TRAINING_LEVELS,
  trainingSet,
} from './members/practice-sets';
export {
  ANTICIPATION_MS,
  FOREPERIOD_MS,
  LAPSE_MS,
  REACTION_MAX_TRIALS,
  REACTION_MIN_KEPT,
  REACTION_MIN_TRIALS,
  type ReactionMode,
  type ReactionResult,
  type ReactionTrial,
  reactionPlan,
  scoreReaction,
} from './members/reaction-time';
export {
  type AxisEvidence,
  axisEvidence,
  type EvidenceAnswer,
  nearestType,
} from './personality/axis-evidence';
export { type AxisReliability, axisReliability } from './personality/axis-reliability';
// Personality
export {
  AXES,
  type AxisId,
  LIKERT_SCALE,
  PERSONALITY_ITEMS,
  type PersonalityItem,
  type Pole,
} from './personality/items';
export {
  type AxisScore,
  axisMargin,
  type PersonalityFlag,
  type PersonalityOptions,
  type PersonalityResponse,
  type PersonalityResult,
  type PersonalitySession,
  scorePersonality,
} from './personality/score-personality';
// Lab questionnaires (thinking style, EQ)
export {
  BRAIN_STYLE,
  EQ,
  QUESTIONNAIRE_IDS,
  QUESTIONNAIRES,
  type Questionnaire,
  type QuestionnaireId,
  type QuestionnaireItem,
} from './questionnaires/definitions';
export {
  type QuestionnaireFlag,
  type QuestionnaireResult,
  type QuestionnaireValidResult,
  questionnaireLocaleKeys,
  type ScaleScore,
  STYLE_BALANCE_WIDTH,
  scoreQuestionnaire,
} from './questionnaires/score-questionnaire';
export { cronbachAlpha } from './reliability/cronbach-alpha';
// Rendering
export {
  ENGLISH_LABELS,
  type ItemSvg,
  type PanelPath,
  type PublicItem,
  panelPaths,
  panelSvg,
  renderItemSvg,
  type SvgLabels,
  toPublicItem,
} from './render/render-item-svg';
export { FILL_GREYS } from './render/shapes';
// Scoring
export {
  type AbnormalBehaviour,
  BEHAVIOUR_THRESHOLDS,
  type BehaviourMeasures,
  type BehaviourReport,
  type BehaviourThresholds,
} from './scoring/behaviour';
export {
  classifyIq,
  IQ_CLASSES,
  type IqClass,
  type IqClassId,
  iqPercentile,
  type PopulationBand,
  populationShare,
} from './scoring/classes';
export {
  DIMENSION_IDS,
  type DimensionId,
  type DimensionScore,
  type DimensionSource,
  REFERENCE_RANGE,
} from './scoring/dimensions';
export {
  DEFAULT_MIN_NORM_SAMPLE,
  expectedTimeMs,
  isProvisional,
  MODEL_PRIOR_NORM,
  type NormRecord,
  type TimingNorm,
} from './scoring/norms';
export {
  type IqEstimate,
  type IqInvalidResult,
  type IqResult,
  type IqValidResult,
  type ItemOutcome,
  type NormStatus,
  type ScoreIqOptions,
  scoreIq,
} from './scoring/score-iq';
export {
  type IqAbnormalOutcome,
  type IqBelowRangeOutcome,
  type IqOutcome,
  type IqScoredOutcome,
  SCORING_VERSION,
  type ScoreSessionOptions,
  scoreSession,
} from './scoring/score-session';
export { type KeyItem, type ScoringKey, scoringKey } from './scoring/scoring-key';
export type { IqSession, ItemResponse } from './scoring/session';
export {
  DEFAULT_VALIDITY_THRESHOLDS,
  type ValidityFlag,
  type ValidityFlagCode,
  type ValidityMeasures,
  type ValidityReport,
  type ValidityThresholds,
} from './scoring/validity';
