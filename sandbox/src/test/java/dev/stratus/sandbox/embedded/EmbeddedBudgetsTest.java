package dev.stratus.sandbox.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.core.money.Budget;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedBudgetsTest {
  @TempDir Path root;

  Path yaml() throws Exception {
    EmbeddedSpec spec =
        EmbeddedSpec.random(root, "demo", 2, new Random(1), new NodeHardware(2, 4096));
    Path yaml = root.resolve("stratus.yaml");
    Files.writeString(yaml, EmbeddedYaml.render(spec));
    return yaml;
  }

  @Test
  void aHardAccountBudgetIsWrittenAndRaisedInPlaceAndCostsGoToSlurm() throws Exception {
    Path yaml = yaml();

    var first = EmbeddedBudgets.hardBudget(yaml, "team-a", new BigDecimal("3.00"));
    var raised = EmbeddedBudgets.hardBudget(yaml, "team-a", new BigDecimal("50"));

    assertThat(first.money().budgets())
        .extracting(Budget::name)
        .containsExactly("team-a", "cluster");
    assertThat(first.money().budgets().get(0).amount()).isEqualByComparingTo("3.00");
    assertThat(first.money().budgets().get(0).mode()).isEqualTo(Budget.Mode.HARD);
    assertThat(raised.money().budgets().get(0).amount()).isEqualByComparingTo("50");
    assertThat(raised.money().ledger().costsToSlurm()).isTrue();
    assertThat(Files.readString(yaml)).containsOnlyOnce("budgets:").containsOnlyOnce("ledger:");
    assertThat(raised.timeouts().reconcileInterval()).isEqualTo(Duration.ofSeconds(2));
  }

  @Test
  void aBudgetOfNothingIsRefused() throws Exception {
    Path yaml = yaml();

    assertThatThrownBy(() -> EmbeddedBudgets.hardBudget(yaml, "team-a", BigDecimal.ZERO))
        .hasMessageContaining("amount must be > 0");
  }
}
