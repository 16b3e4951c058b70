package dev.stratus.core.money;

import static dev.stratus.core.money.Spans.alloc;
import static dev.stratus.core.money.Spans.at;
import static dev.stratus.core.money.Spans.instance;
import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

class CostReportTest {
  @Test
  void chargesAreGroupedByTheKeyAndSpreadOverTheBuckets() {
    // Two hours at $36/h; job 2 (team-a) holds half the node for the first hour, job 1 (team-b)
    // half for both hours.
    var node = instance("i-1", "gpu-001", 8, "36", 0, 7200L, null);
    var jobs = List.of(alloc(1, "gpu-001", 4, 0, 7200L), alloc(2, "gpu-001", 4, 0, 3600L));
    List<Charge> charges = Attributions.charges(List.of(node), jobs, Spans::owner, at(9000));
    CostReport byAccount = new CostReport(ReportKey.ACCOUNT, at(0), at(7200), Duration.ofHours(1));
    charges.forEach(byAccount);
    assertThat(byAccount.rows())
        .extracting(CostReport.Row::key)
        .containsExactly("team-b", "(idle)", "team-a");
    assertThat(byAccount.total()).isEqualByComparingTo("72");
    assertThat(byAccount.series().get("team-a"))
        .usingElementComparator(BigDecimal::compareTo)
        .containsExactly(new BigDecimal("18"), BigDecimal.ZERO);
    assertThat(byAccount.series().get("(idle)"))
        .usingElementComparator(BigDecimal::compareTo)
        .containsExactly(BigDecimal.ZERO, new BigDecimal("18"));
  }

  @Test
  void onlyThePartOfAChargeInsideTheRangeCounts() {
    var node = instance("i-1", "gpu-001", 8, "36", 0, 7200L, null);
    CostReport firstHalfHour =
        new CostReport(ReportKey.POOL, at(0), at(1800), Duration.ofMinutes(30));
    Attributions.charges(List.of(node), List.of(), Spans::owner, at(9000)).forEach(firstHalfHour);
    assertThat(firstHalfHour.rows())
        .singleElement()
        .satisfies(
            r -> {
              assertThat(r.key()).isEqualTo("gpu");
              assertThat(r.amount()).isEqualByComparingTo("18");
            });
  }

  @Test
  void keysAreSpelledAsTheCommandLineSpellsThem() {
    assertThat(ReportKey.parse("capacity-type")).isEqualTo(ReportKey.CAPACITY_TYPE);
    Assertions.assertThatThrownBy(() -> ReportKey.parse("team"))
        .hasMessageContaining("--by must be one of job, user, account");
  }
}
