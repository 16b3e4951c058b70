package dev.stratus.simulator.omniscient;

/**
 * The omniscient schedule of one sample: per tick {@code IDLE}, {@code ON_DEMAND} or the spot
 * location's index (as in {@code SampleResult}), and its cost.
 */
public record Plan(int[] actions, double costUsd) {}
