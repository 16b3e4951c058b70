package dev.stratus.tests.vault;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The model's ACL rules against the examples of Vault's policy documentation. */
class PolicyModelTest {
  static final PolicyModel.Alias NONE = PolicyModel.Alias.NONE;

  static PolicyModel.Rule rule(String path, String... caps) {
    return new PolicyModel.Rule(path, Set.of(caps));
  }

  @Test
  void exactGlobAndSegmentWildcardMatchAsTheDocsSay() {
    assertThat(PolicyModel.matches("secret/foo", "secret/foo")).isTrue();
    assertThat(PolicyModel.matches("secret/foo", "secret/food")).isFalse();
    assertThat(PolicyModel.matches("secret/foo", "secret/foo/bar")).isFalse();
    assertThat(PolicyModel.matches("secret/bar/*", "secret/bar/zip/zap")).isTrue();
    assertThat(PolicyModel.matches("secret/bar/*", "secret/bars/zip")).isFalse();
    assertThat(PolicyModel.matches("secret/zip-*", "secret/zip-zap")).isTrue();
    assertThat(PolicyModel.matches("secret/zip-*", "secret/zip/zap")).isFalse();
    assertThat(PolicyModel.matches("secret/+/teamb", "secret/foo/teamb")).isTrue();
    assertThat(PolicyModel.matches("secret/+/teamb", "secret/foo/bar/teamb")).isFalse();
  }

  @Test
  void onlyTheMostSpecificMatchingRuleCountsAndDenyWins() {
    List<PolicyModel.Rule> rules =
        List.of(rule("secret/*", "read"), rule("secret/data/stratus/*", "deny"));

    assertThat(PolicyModel.allows(rules, NONE, "secret/data/other", "read")).isTrue();
    assertThat(PolicyModel.allows(rules, NONE, "secret/data/stratus/x", "read")).isFalse();
    assertThat(PolicyModel.priority("secret/+/+/foo/*", "secret/*")).isNegative();
  }

  @Test
  void aTemplatedPathIsFilledFromTheTokensAliasOrGrantsNothing() {
    List<PolicyModel.Rule> rules =
        List.of(
            rule(
                "secret/data/keys/{{identity.entity.aliases.auth_aws_1.metadata.inferred_entity_id}}",
                "read"));
    var aws = new PolicyModel.Alias("auth_aws_1", Map.of("inferred_entity_id", "i-0abc"));
    var otherMount = new PolicyModel.Alias("auth_gcp_1", Map.of("inferred_entity_id", "i-0abc"));
    var noKey = new PolicyModel.Alias("auth_aws_1", Map.of("account_id", "123"));

    assertThat(PolicyModel.allows(rules, aws, "secret/data/keys/i-0abc", "read")).isTrue();
    assertThat(PolicyModel.allows(rules, aws, "secret/data/keys/i-0def", "read")).isFalse();
    assertThat(PolicyModel.allows(rules, aws, "secret/data/keys/i-0abc", "update")).isFalse();
    assertThat(PolicyModel.allows(rules, otherMount, "secret/data/keys/i-0abc", "read")).isFalse();
    assertThat(PolicyModel.allows(rules, noKey, "secret/data/keys/i-0abc", "read")).isFalse();
  }
}
