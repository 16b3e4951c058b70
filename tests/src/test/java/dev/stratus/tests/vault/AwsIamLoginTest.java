package dev.stratus.tests.vault;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.bootstrap.secret.CloudIdentity;
import dev.stratus.bootstrap.secret.KeySourceException;
import dev.stratus.testkit.metadata.ImdsModel;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;

/**
 * The agent's Vault key source logging in by AWS IAM on an instance: credentials from the IMDSv2
 * model, a SigV4 signature that the Vault model's STS side recomputes, the key read and the token
 * revoked; and each way it can fail named, with no credential in the message.
 */
class AwsIamLoginTest {
  static final String SERVER_ID = "vault.stratus.example";
  final CloudLoginFixture f = new CloudLoginFixture();
  final ImdsModel imds = new ImdsModel(Clock.systemUTC(), "i-0vault");

  /** The instance profile's credentials IMDS hands out, as the SDK reads them. */
  final AwsSessionCredentials profile =
      AwsSessionCredentials.create(
          imds.credentials().accessKeyId(),
          imds.credentials().secretAccessKey(),
          imds.credentials().token());

  /**
   * The build's guard (AWS_EC2_METADATA_DISABLED for every test) keeps SDK default chains off the
   * real metadata address; this test's IMDS is the model on 127.0.0.1, so the system property,
   * which the SDK reads first, lifts the guard for it alone.
   */
  @BeforeEach
  void allowImdsModel() {
    System.setProperty("aws.disableEc2Metadata", "false");
  }

  @AfterEach
  void stop() {
    System.clearProperty("aws.disableEc2Metadata");
    imds.close();
    f.close();
  }

  String login(String serverId, URI metadata) {
    return "\"auth\":\"aws-iam\",\"role\":\"slurm-node-aws\",\"serverIdHeader\":\""
        + serverId
        + "\",\"metadataUrl\":\""
        + metadata
        + "\"";
  }

  byte[] fetch(String serverId, Clock clock) throws Exception {
    return f.source(login(serverId, imds.base()), clock).fetch();
  }

  void trust(AwsSessionCredentials creds) {
    f.vault.model.awsRole("slurm-node-aws", CloudLoginFixture.DATA_PATH);
    f.vault.model.cloud.trustAws(new SigV4Check(creds, SERVER_ID));
  }

  @Test
  void signsGetCallerIdentityWithTheInstanceProfileCredentialsAndReadsTheKey() throws Exception {
    trust(profile);

    assertThat(fetch(SERVER_ID, f.clock())).isEqualTo(f.key);
    assertThat(imds.calls())
        .containsSubsequence(
            "PUT /latest/api/token",
            "GET /latest/meta-data/iam/security-credentials/",
            "GET /latest/meta-data/iam/security-credentials/stratus-node-profile");
    assertThat(f.vault.model.calls())
        .containsSubsequence(
            "POST /v1/auth/aws/login",
            "GET /v1/" + CloudLoginFixture.DATA_PATH,
            "POST /v1/auth/token/revoke-self");
    assertThat(f.vault.model.liveTokens()).isZero();
  }

  @Test
  void theImdsModelRefusesMetadataWithoutASessionToken() throws Exception {
    HttpResponse<String> r =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(
                        URI.create(imds.base() + "/latest/meta-data/iam/security-credentials/"))
                    .build(),
                HttpResponse.BodyHandlers.ofString());

    assertThat(r.statusCode()).isEqualTo(401);
  }

  @Test
  void aSignatureByOtherCredentialsIsRefusedBySts() {
    trust(AwsSessionCredentials.create("ASIAOTHERINSTANCE000", "other-secret", "other-token"));

    assertThatThrownBy(() -> fetch(SERVER_ID, f.clock()))
        .isInstanceOf(KeySourceException.class)
        .hasMessageContaining("vault aws login failed at " + f.vault.address())
        .hasMessageContaining("InvalidClientTokenId")
        .satisfies(this::noCredentialIn);
  }

  @Test
  void aRequestAlteredAfterSigningDoesNotMatchItsSignature() throws Exception {
    trust(profile);
    UnaryOperator<CloudIdentity> tamper =
        real ->
            new CloudIdentity() {
              @Override
              public AwsIamRequest awsIam(String serverId) throws KeySourceException {
                AwsIamRequest r = real.awsIam(serverId);
                return new AwsIamRequest(
                    r.method(),
                    r.url(),
                    r.body(),
                    r.headersJson().replace(SERVER_ID, "x" + SERVER_ID));
              }
            };
    f.vault.model.cloud.trustAws(new SigV4Check(profile, "x" + SERVER_ID));

    assertThatThrownBy(() -> f.source(login(SERVER_ID, imds.base()), f.clock(), tamper).fetch())
        .hasMessageContaining("SignatureDoesNotMatch: The request signature we calculated")
        .satisfies(this::noCredentialIn);
  }

  @Test
  void aSignatureFromAClockTwentyMinutesBehindHasExpired() {
    trust(profile);
    Clock late = Clock.offset(f.clock(), Duration.ofMinutes(-20));

    assertThatThrownBy(() -> fetch(SERVER_ID, late))
        .hasMessageContaining("Signature expired")
        .satisfies(this::noCredentialIn);
  }

  @Test
  void theServerIdHeaderIsSignedWhenConfiguredAndMissedWhenNot() {
    trust(profile);

    assertThatThrownBy(() -> fetch("", f.clock()))
        .hasMessageContaining("missing header \\\"X-Vault-AWS-IAM-Server-ID\\\"".replace("\\", ""))
        .satisfies(this::noCredentialIn);
  }

  @Test
  void anInstanceWithoutAnInstanceProfileIsNamed() {
    trust(profile);
    imds.role(null);

    assertThatThrownBy(() -> fetch(SERVER_ID, f.clock()))
        .hasMessageStartingWith(
            "aws identity: instance profile credentials from IMDS at " + imds.base())
        .hasMessageContaining("the instance needs an instance profile")
        .satisfies(this::noCredentialIn);
    assertThat(f.vault.model.calls()).isEmpty();
  }

  @Test
  void aCredentialsDocumentThatIsNotJsonIsNotQuoted() {
    trust(profile);
    imds.credentialsBody("{\"AccessKeyId\":\"" + imds.credentials().secretAccessKey() + "\" oops");

    assertThatThrownBy(() -> fetch(SERVER_ID, f.clock()))
        .hasMessageStartingWith("aws identity: instance profile credentials from IMDS")
        .satisfies(this::noCredentialIn);
  }

  @Test
  void imdsDownIsNamed() throws Exception {
    trust(profile);
    URI down = imds.base();
    imds.close();

    assertThatThrownBy(() -> f.source(login(SERVER_ID, down), f.clock()).fetch())
        .hasMessageStartingWith("aws identity: instance profile credentials from IMDS at " + down)
        .satisfies(this::noCredentialIn);
  }

  void noCredentialIn(Throwable e) {
    assertThat(e.getMessage())
        .doesNotContain(imds.credentials().secretAccessKey())
        .doesNotContain(imds.credentials().token())
        .doesNotContain("Signature=");
    f.vault.model.issuedCredentials().forEach(c -> assertThat(e.getMessage()).doesNotContain(c));
  }
}
