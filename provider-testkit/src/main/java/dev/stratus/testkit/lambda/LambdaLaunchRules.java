package dev.stratus.testkit.lambda;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Collection;
import java.util.Map;
import java.util.regex.Pattern;

/** What the launch operation refuses as {@code global/invalid-parameters}, before capacity. */
final class LambdaLaunchRules {
  private static final Pattern TAG_KEY = Pattern.compile("[a-z0-9-]{1,55}");

  private LambdaLaunchRules() {}

  static String refuse(
      JsonNode b,
      Collection<String> types,
      Collection<String> regions,
      Collection<String> sshKeys) {
    for (Map.Entry<String, JsonNode> f : b.properties()) {
      if (!LambdaModel.LAUNCH_FIELDS.contains(f.getKey())) {
        return "Unknown field: " + f.getKey();
      }
    }
    if (!types.contains(b.path("instance_type_name").asText())) {
      return "Invalid instance type: " + b.path("instance_type_name").asText();
    }
    if (!regions.contains(b.path("region_name").asText())) {
      return "Invalid region: " + b.path("region_name").asText();
    }
    JsonNode keys = b.path("ssh_key_names");
    if (!keys.isArray() || keys.size() != 1 || !sshKeys.contains(keys.get(0).asText())) {
      return "Exactly one existing SSH key name must be given";
    }
    if (b.has("quantity") && b.get("quantity").asInt() != 1) {
      return "quantity must be 1";
    }
    if (b.has("name") && b.get("name").asText().length() > 64) {
      return "name must be at most 64 characters";
    }
    if (b.has("user_data") && b.get("user_data").asText().length() > 1024 * 1024) {
      return "user_data must be at most 1 MiB";
    }
    for (JsonNode tag : b.path("tags")) {
      if (!TAG_KEY.matcher(tag.path("key").asText()).matches()
          || tag.path("value").asText().length() > 255) {
        return "Invalid tag: " + tag;
      }
    }
    return null;
  }
}
