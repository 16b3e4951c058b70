package dev.stratus.core.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ConstraintTest {
  static final Set<String> SPOT_NODE = Set.of("h100", "gpu", "spot");
  static final Set<String> ON_DEMAND_NODE = Set.of("h100", "gpu", "on-demand");

  @ParameterizedTest(name = "''{0}'': spot {1}, on-demand {2}")
  @CsvSource(
      delimiter = ';',
      value = {
        "; true; true",
        "on-demand; false; true",
        "spot; true; false",
        "h100&on-demand; false; true",
        "a100&on-demand; false; false",
        "spot|on-demand; true; true",
        "[spot|on-demand]; true; true",
        "h100&(spot|on-demand); true; true",
        "gpu*2&on-demand; false; true",
        "[h100*2&spot*2]; true; false",
        "a100|h100&spot; true; false",
        " on-demand ; false; true",
      })
  void aConstraintAllowsTheNodesWhoseFeaturesSatisfyIt(
      String text, boolean spot, boolean onDemand) {
    Constraint c = Constraint.parse(text).orElseThrow();

    assertThat(c.allows(SPOT_NODE)).isEqualTo(spot);
    assertThat(c.allows(ON_DEMAND_NODE)).isEqualTo(onDemand);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = ';',
      value = {"spot&", "(spot", "spot*", "sp ot", "&spot", "spot)"})
  void textThatIsNotSlurmsSyntaxIsNotParsed(String text) {
    assertThat(Constraint.parse(text)).isEmpty();
  }
}
