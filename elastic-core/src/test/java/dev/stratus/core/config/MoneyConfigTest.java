package dev.stratus.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.api.model.PriceOrigin;
import dev.stratus.core.money.Budget;
import dev.stratus.core.money.BudgetPeriod;
import dev.stratus.core.money.BudgetScope;
import dev.stratus.core.testing.DeclaredKeysProviders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MoneyConfigTest {
  static final String BASE = ConfigLoaderErrorsTest.BASE;

  @TempDir Path dir;

  StratusConfig load(String yaml) throws IOException {
    Path file = dir.resolve("stratus.yaml");
    Files.writeString(file, yaml);
    return ConfigLoader.load(file, DeclaredKeysProviders.ALL);
  }

  @Test
  void budgetsPricesAndTheLedgerAreRead() throws IOException {
    StratusConfig c =
        load(
            BASE
                + """
                prices: {live: false, refresh: 1h, maxAge: 2d, cacheFile: ./p.json}
                ledger: {file: ./l.db, costsToSlurm: true}
                budgets:
                  - name: team-a
                    scope: {account: team-a}
                    period: month
                    timezone: Europe/Berlin
                    amount: 1000.50
                    alerts: [50, 100]
                    webhook: https://hooks.example/budget
                  - name: all
                    scope: cluster
                    period: {from: 2026-11-01, to: "2026-12-01T00:00:00Z"}
                    amount: 5000
                    mode: soft
                    spotOnly: true
                  - name: gpu-pool
                    scope: {pool: gpu}
                    period: week
                    amount: 10
                """);
    MoneySettings m = c.money();
    assertThat(m.prices().live()).isFalse();
    assertThat(m.prices().refresh()).isEqualTo(Duration.ofHours(1));
    assertThat(m.prices().cacheFile()).isEqualTo(dir.resolve("p.json"));
    assertThat(m.ledger().file()).isEqualTo(dir.resolve("l.db"));
    assertThat(m.ledger().costsToSlurm()).isTrue();
    assertThat(m.budgets()).hasSize(3);
    Budget a = m.budgets().get(0);
    assertThat(a.scope()).isEqualTo(BudgetScope.account("team-a"));
    assertThat(a.period()).isEqualTo(new BudgetPeriod.Month(ZoneId.of("Europe/Berlin")));
    assertThat(a.amount()).isEqualByComparingTo("1000.50");
    assertThat(a.mode()).isEqualTo(Budget.Mode.HARD);
    assertThat(a.alertPercents()).containsExactly(50, 100);
    assertThat(a.webhook()).contains("https://hooks.example/budget");
    Budget all = m.budgets().get(1);
    assertThat(all.scope()).isEqualTo(BudgetScope.CLUSTER);
    assertThat(all.spotOnly()).isTrue();
    assertThat(all.period().window(Instant.parse("2026-11-05T00:00:00Z")).get().from())
        .isEqualTo(Instant.parse("2026-11-01T00:00:00Z"));
    assertThat(m.budgets().get(2).alertPercents()).containsExactly(80, 100);
  }

  @Test
  void withoutTheBlocksTheDefaultsLiveInTheStateDir() throws IOException {
    StratusConfig c = load(BASE);
    assertThat(c.money().budgets()).isEmpty();
    assertThat(c.money().prices().live()).isTrue();
    assertThat(c.money().ledger().file()).isEqualTo(c.stateDir().resolve("ledger.db"));
  }

  @Test
  void anOfferingWithoutPricePerHourSaysItsPriceIsTheBundledTablesWithItsDate() throws IOException {
    StratusConfig c =
        load(
            BASE.replace(
                    "{provider: local, region: local, instanceType: t, pricePerHour: 1}",
                    "{provider: aws, region: us-east-1, zone: us-east-1a, instanceType: p5.48xlarge}")
                .replace("local: {}", "aws: {}"));
    var origin = c.pools().get(0).offerings().get(0).priceOrigin();
    assertThat(origin.kind()).isEqualTo(PriceOrigin.Kind.BUNDLED);
    assertThat(origin.label()).startsWith("bundled gpu-prices.csv (snapshot before 2025-06");
    assertThat(load(BASE).pools().get(0).offerings().get(0).priceOrigin())
        .isEqualTo(PriceOrigin.CONFIGURED);
  }

  static void assertError(MoneyConfigTest t, String budgets, String expected) {
    assertThatThrownBy(() -> t.load(BASE + budgets))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining(expected);
  }

  @Test
  void mistakesInBudgetsNameFileLineAndField() {
    assertError(
        this,
        "budgets:\n  - {name: a, scope: team, period: month, amount: 1}\n",
        "stratus.yaml:13:22: budgets[0].scope: must be cluster or one of {account: A}");
    assertError(
        this,
        "budgets:\n  - {name: a, scope: {account: x, user: y}, period: month, amount: 1}\n",
        "budgets[0].scope: must name exactly one of account, user, partition, pool");
    assertError(
        this,
        "budgets:\n  - {name: a, scope: {pool: cpu}, period: month, amount: 1}\n",
        "stratus.yaml:13:29: budgets[0].scope.pool: no pool named 'cpu' (have: gpu)");
    assertError(
        this,
        "budgets:\n  - {name: a, scope: cluster, period: year, amount: 1}\n",
        "stratus.yaml:13:39: budgets[0].period: must be day, week, month or {from: ..., to: ...}, got 'year'");
    assertError(
        this,
        "budgets:\n  - {name: a, scope: cluster, period: month, amount: 0}\n",
        "stratus.yaml:13:5: budgets[0]: amount must be > 0 USD, got 0");
    assertError(
        this,
        "budgets:\n  - {name: a, scope: cluster, period: month, amount: ten}\n",
        "budgets[0].amount: expected a number, got 'ten'");
    assertError(
        this,
        "budgets:\n  - {name: a, scope: cluster, period: month, amount: 1, mode: strict}\n",
        "budgets[0].mode: must be hard or soft, got 'strict'");
    assertError(
        this,
        "budgets:\n  - {name: a, scope: cluster, period: month, amount: 1, spotOnly: true}\n",
        "budgets[0]: spotOnly is for soft budgets");
    assertError(
        this,
        "budgets:\n  - {name: a, scope: cluster, period: month, amount: 1, timezone: Mars/Base}\n",
        "budgets[0].timezone: unknown time zone 'Mars/Base'");
    assertError(
        this,
        "budgets:\n  - {name: a, scope: cluster, period: {from: 2026-12-01, to: 2026-11-01}, amount: 1}\n",
        "budgets[0].period.to: must be after from");
    assertError(
        this,
        "budgets:\n  - {name: a, scope: cluster, period: month, amount: 1, alerts: [0]}\n",
        "budgets[0]: alert thresholds are percents 1..1000, got 0");
    assertError(
        this,
        "budgets:\n  - {name: a, scope: cluster, period: month, amount: 1, webhook: ftp://x}\n",
        "budgets[0].webhook: must be an http(s) URL");
    assertError(
        this,
        "budgets:\n  - {name: a, scope: cluster, period: month, amount: 1}\n  - {name: a, scope: cluster, period: day, amount: 1}\n",
        "stratus.yaml:14:12: budgets[1].name: two budgets are named 'a'");
    assertError(
        this,
        "budgets:\n  - {name: a, scope: cluster, period: month, amount: 1, color: red}\n",
        "budgets[0]: unknown key 'color'");
    assertError(this, "prices: {refresh: 0s}\n", "prices.refresh: must be a positive duration");
  }
}
