package dev.stratus.cli.money;

import picocli.CommandLine.Command;

/** {@code stratus cost ...}. */
@Command(
    name = "cost",
    mixinStandardHelpOptions = true,
    description = "What the cluster cost, from the cost ledger.",
    subcommands = {CostReportCommand.class})
public final class CostCommand {}
