package dev.stratus.bootstrap.secret;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class KeySourceJsonTest {
  static final String WRAP = "hvs.CAESIWRAPPINGTOKEN0123456789";

  static JsonNode json(String s) throws Exception {
    return new ObjectMapper().readTree(s);
  }

  @Test
  void aPlainStringIsTheOldFileForm() throws Exception {
    assertThat(KeySourceJson.parse(json("\"/lab/keys/munge.key\"")))
        .isEqualTo(new KeySourceSpec.FileSource(Path.of("/lab/keys/munge.key")));
    assertThat(KeySourceJson.write(new KeySourceSpec.FileSource(Path.of("/k"))).isTextual())
        .isTrue();
  }

  @Test
  void vaultAppRoleReadsWithDefaultsAndWritesBackEqual() throws Exception {
    KeySourceSpec spec =
        KeySourceJson.parse(
            json(
                "{\"type\":\"vault\",\"address\":\"https://vault.example:8200\","
                    + "\"kvPath\":\"slurm/munge\",\"roleId\":\"r-1\",\"wrappingToken\":\""
                    + WRAP
                    + "\"}"));

    assertThat(spec)
        .isInstanceOfSatisfying(
            KeySourceSpec.VaultSource.class,
            v -> {
              assertThat(v.kvMount()).isEqualTo("secret");
              assertThat(v.field()).isEqualTo("key");
              assertThat(v.dataPath()).isEqualTo("secret/data/slurm/munge");
              assertThat(v.login()).isEqualTo(new VaultLogin.AppRole("approle", "r-1", WRAP, null));
            });
    assertThat(KeySourceJson.parse(KeySourceJson.write(spec))).isEqualTo(spec);
  }

  @Test
  void noRecordShowsTheWrappingTokenInItsText() throws Exception {
    KeySourceSpec spec =
        KeySourceJson.parse(
            json(
                "{\"type\":\"vault\",\"address\":\"http://127.0.0.1:8200\",\"kvPath\":\"m\","
                    + "\"roleId\":\"r\",\"wrappingToken\":\""
                    + WRAP
                    + "\"}"));

    assertThat(spec.toString()).doesNotContain(WRAP).contains("hidden");
  }

  @Test
  void cloudLoginsTakeTheirRoleAndMount() throws Exception {
    String base = "{\"type\":\"vault\",\"address\":\"http://127.0.0.1:8200\",\"kvPath\":\"m\",";
    assertThat(
            ((KeySourceSpec.VaultSource)
                    KeySourceJson.parse(json(base + "\"auth\":\"aws-iam\",\"role\":\"node\"}")))
                .login())
        .isEqualTo(new VaultLogin.AwsIam("aws", "node", ""));
    assertThat(
            ((KeySourceSpec.VaultSource)
                    KeySourceJson.parse(
                        json(base + "\"auth\":\"gcp\",\"role\":\"n\",\"authMount\":\"gcp-eu\"}")))
                .login())
        .isEqualTo(new VaultLogin.Gcp("gcp-eu", "n"));
  }

  @Test
  void cloudLoginsDefaultToTheCloudsMetadataServiceAndTakeAnother() throws Exception {
    String base = "{\"type\":\"vault\",\"address\":\"http://127.0.0.1:8200\",\"kvPath\":\"m\",";
    VaultLogin.CloudLogin gcp =
        (VaultLogin.CloudLogin)
            ((KeySourceSpec.VaultSource)
                    KeySourceJson.parse(json(base + "\"auth\":\"gcp\",\"role\":\"n\"}")))
                .login();
    assertThat(gcp.metadataUrl()).hasToString("http://metadata.google.internal");
    KeySourceSpec azure =
        KeySourceJson.parse(
            json(
                base
                    + "\"auth\":\"azure\",\"role\":\"n\",\"metadataUrl\":\"http://127.0.0.1:81/\"}"));
    assertThat(((VaultLogin.Azure) ((KeySourceSpec.VaultSource) azure).login()).metadataUrl())
        .hasToString("http://127.0.0.1:81");
    assertThat(KeySourceJson.parse(KeySourceJson.write(azure))).isEqualTo(azure);

    assertThatThrownBy(
            () ->
                KeySourceJson.parse(
                    json(
                        base
                            + "\"auth\":\"aws-iam\",\"role\":\"n\","
                            + "\"metadataUrl\":\"http://127.0.0.1/latest\"}")))
        .hasMessageContaining("mungeKeySource.metadataUrl must be an http(s) URL without a path");
    assertThatThrownBy(
            () ->
                KeySourceJson.parse(
                    json(
                        base
                            + "\"roleId\":\"r\",\"wrappingToken\":\"w\","
                            + "\"metadataUrl\":\"http://127.0.0.1\"}")))
        .hasMessageContaining("metadataUrl is for auth aws-iam, gcp, azure and oci, not approle");
  }

  @Test
  void anOciLoginTakesItsLowerCaseRoleTheMetadataServiceAndAFederationEndpointAndWritesBack()
      throws Exception {
    String base = "{\"type\":\"vault\",\"address\":\"http://127.0.0.1:8200\",\"kvPath\":\"m\",";
    KeySourceSpec oci =
        KeySourceJson.parse(
            json(
                base
                    + "\"auth\":\"oci\",\"role\":\"gpu-nodes\","
                    + "\"federationEndpoint\":\"http://127.0.0.1:82\"}"));

    var login = (VaultLogin.Oci) ((KeySourceSpec.VaultSource) oci).login();
    assertThat(login.mount()).isEqualTo("oci");
    assertThat(login.metadataUrl()).hasToString("http://169.254.169.254");
    assertThat(login.federationEndpoint()).hasToString("http://127.0.0.1:82");
    assertThat(KeySourceJson.parse(KeySourceJson.write(oci))).isEqualTo(oci);
    assertThatThrownBy(() -> KeySourceJson.parse(json(base + "\"auth\":\"oci\",\"role\":\"GPU\"}")))
        .hasMessageContaining("mungeKeySource.role must be lower case for auth oci");
  }

  @Test
  void appRoleNeedsExactlyOneWrappingTokenForm() {
    String both =
        "{\"type\":\"vault\",\"address\":\"http://127.0.0.1:8200\",\"kvPath\":\"m\","
            + "\"roleId\":\"r\",\"wrappingToken\":\"x\",\"wrappingTokenFile\":\"/run/w\"}";

    assertThatThrownBy(() -> KeySourceJson.parse(json(both)))
        .hasMessageContaining("exactly one of wrappingToken and wrappingTokenFile")
        .hasMessageNotContaining("\"x\"");
  }

  @Test
  void badValuesAreRefusedNamingTheKey() {
    assertThatThrownBy(
            () ->
                KeySourceJson.parse(
                    json(
                        "{\"type\":\"vault\",\"address\":\"vault:8200\",\"kvPath\":\"m\","
                            + "\"roleId\":\"r\",\"wrappingToken\":\"w\"}")))
        .hasMessageContaining("mungeKeySource.address");
    assertThatThrownBy(
            () ->
                KeySourceJson.parse(
                    json(
                        "{\"type\":\"vault\",\"address\":\"http://v:1\",\"kvPath\":\"../x\","
                            + "\"roleId\":\"r\",\"wrappingToken\":\"w\"}")))
        .hasMessageContaining("mungeKeySource.kvPath");
    assertThatThrownBy(() -> KeySourceJson.parse(json("{\"type\":\"vault\",\"adress\":\"x\"}")))
        .hasMessageContaining("unknown mungeKeySource keys [adress]");
    assertThatThrownBy(() -> KeySourceJson.parse(json("{\"type\":\"s3\"}")))
        .hasMessageContaining("must be file or vault");
  }
}
