package dev.stratus.bootstrap.secret;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VaultMessagesTest {
  @Test
  void base64IsDecodedStrictly() throws Exception {
    byte[] key = new byte[64];
    key[0] = 7;
    assertThat(VaultMungeKeySource.decode(Base64.getEncoder().encodeToString(key), "read", "key"))
        .isEqualTo(key);
    assertThatThrownBy(() -> VaultMungeKeySource.decode("not*base64!", "read s/data/m", "key"))
        .hasMessage("vault read s/data/m: field 'key' is not valid base64 (RFC 4648)");
  }

  @Test
  void aKeyShorterThanMungedAcceptsIsRefused() {
    String shortKey = Base64.getEncoder().encodeToString(new byte[31]);

    assertThatThrownBy(() -> VaultMungeKeySource.decode(shortKey, "read", "key"))
        .hasMessageContaining("decodes to 31 bytes, munged needs >= 32");
  }

  @Test
  void vaultErrorsNameTheStepAndWhatToDo() {
    assertThat(
            VaultFailure.message(
                "read s/data/m",
                "http://v",
                403,
                List.of("permission denied"),
                "the role's policy must allow read on s/data/m"))
        .isEqualTo(
            "vault read s/data/m failed at http://v: permission denied (HTTP 403); the role's"
                + " policy must allow read on s/data/m");
    assertThat(VaultFailure.message("unwrap", "http://v", 503, List.of("Vault is sealed"), ""))
        .contains("Vault is sealed (HTTP 503)");
    assertThat(
            VaultFailure.message(
                "unwrap", "http://v", 400, List.of(VaultFailure.WRAPPING_TOKEN_INVALID), ""))
        .contains("already used or has expired")
        .contains("not retried");
  }

  @Test
  void onlyVaultsErrorStringsAreTakenFromABody() {
    assertThat(VaultFailure.errors("{\"errors\":[\"a\",\"b\"]}")).containsExactly("a", "b");
    assertThat(VaultFailure.errors("{\"data\":{\"secret_id\":\"s\"}}")).isEmpty();
    assertThat(VaultFailure.errors("<html>")).isEmpty();
  }

  @Test
  void learnedCredentialsAreRedactedFromMessages() {
    Redactor r = new Redactor();
    r.add("hvs.SECRET-TOKEN");

    assertThat(r.clean("echo hvs.SECRET-TOKEN back")).isEqualTo("echo <redacted> back");
  }

  @Test
  void theWrappingTokenFileIsReadOnceAndGone(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("wrap");
    Files.writeString(f, "hvs.WRAP\n", StandardCharsets.US_ASCII);

    assertThat(WrappingTokenFile.take(f)).isEqualTo("hvs.WRAP");
    assertThat(f).doesNotExist();
    assertThatThrownBy(() -> WrappingTokenFile.take(f))
        .hasMessageContaining("cannot read wrapping token file " + f);
  }
}
