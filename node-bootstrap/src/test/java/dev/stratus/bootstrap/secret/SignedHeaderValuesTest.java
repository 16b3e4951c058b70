package dev.stratus.bootstrap.secret;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What the AWS IAM login must keep out of every message: the signature and the session token. */
class SignedHeaderValuesTest {
  @Test
  void picksTheAuthorizationAndSessionTokenValuesWhateverTheirCase() {
    String headers =
        "{\"Host\":[\"sts.amazonaws.com\"],"
            + "\"authorization\":[\"AWS4-HMAC-SHA256 Credential=AKIA/x, Signature=abc123\"],"
            + "\"X-Amz-Security-Token\":[\"IQoJb3JpZ2luX2Vj\"],"
            + "\"X-Amz-Date\":[\"20261121T120000Z\"]}";

    assertThat(VaultLogins.signedHeaderValues(headers))
        .containsExactlyInAnyOrder(
            "AWS4-HMAC-SHA256 Credential=AKIA/x, Signature=abc123", "IQoJb3JpZ2luX2Vj");
  }

  @Test
  void anotherShapeYieldsNothingRatherThanFailingTheLogin() {
    assertThat(VaultLogins.signedHeaderValues("not json")).isEmpty();
  }
}
