package dev.stratus.sandbox.embedded;

import static dev.stratus.api.model.Checks.slurmName;

import java.security.SecureRandom;
import java.util.List;
import java.util.Random;

/**
 * Slurm accounting for an embedded cluster: a MariaDB on loopback {@code databasePort}, a slurmdbd
 * on loopback {@code slurmdbdPort}, and the {@code accounts} created in it, each with root as a
 * user (the first is root's default account).
 */
public record AccountingSpec(List<String> accounts, int databasePort, int slurmdbdPort) {
  /** The accounts the demo and the tests use: two teams. */
  public static final List<String> TEAMS = List.of("team-a", "team-b");

  public AccountingSpec {
    accounts = List.copyOf(accounts);
    if (accounts.isEmpty()) {
      throw new IllegalArgumentException("accounting needs at least one account");
    }
    accounts.forEach(a -> slurmName("account", a));
    for (int port : List.of(databasePort, slurmdbdPort)) {
      if (port < 1 || port > 65535) {
        throw new IllegalArgumentException("ports must be 1..65535, got " + port);
      }
    }
    if (databasePort == slurmdbdPort) {
      throw new IllegalArgumentException("MariaDB and slurmdbd need two ports, got one");
    }
  }

  /** {@code accounts} on two ports nothing listens on now ({@link ListenPorts}). */
  public static AccountingSpec onFreePorts(List<String> accounts) {
    Random random = new SecureRandom();
    int database = ListenPorts.draw(random);
    int slurmdbd = ListenPorts.draw(random);
    while (slurmdbd == database) {
      slurmdbd = ListenPorts.draw(random);
    }
    return new AccountingSpec(accounts, database, slurmdbd);
  }
}
