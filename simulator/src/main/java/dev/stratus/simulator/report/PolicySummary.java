package dev.stratus.simulator.report;

/**
 * One policy over all samples: means of spot and on-demand work hours, cost, and cost over an
 * on-demand-only run; the count of missed deadlines; and, when the omniscient plan ran, the means
 * of the per-sample ratios to it ({@code spotVsOmniscient} over the samples where it used spot) and
 * the ratio of mean spot hours ({@code spotUtil}, Can't Be Late's "Spot Util."); with blocks or
 * flex offers, their figures ({@code windowed}, else null).
 */
public record PolicySummary(
    double spotHours,
    double onDemandHours,
    double costUsd,
    double costVsOnDemand,
    int deadlineMisses,
    Double spotVsOmniscient,
    Double costVsOmniscient,
    Double spotUtil,
    WindowedSummary windowed) {}
