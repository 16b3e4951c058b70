package dev.stratus.tests.deploy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the controller's permissions twice: as each provider's README lists them (its
 * least-privilege section) and as the cloud module grants them (its controller_permissions.tf).
 */
final class PermissionLists {
  private static final Pattern QUOTED = Pattern.compile("\"([^\"]+)\"");
  private static final Pattern JSON_ACTION =
      Pattern.compile("\"Action\":\\s*(\\[[^\\]]*]|\"[^\"]+\")");
  private static final Pattern HCL_ACTION =
      Pattern.compile("\\bAction\\s*=\\s*(\\[[^\\]]*]|\"[^\"]+\")");
  private static final Pattern HCL_PERMISSIONS =
      Pattern.compile("\\bpermissions\\s*=\\s*\\[([^\\]]*)]");
  private static final Pattern GCP_PERMISSION =
      Pattern.compile("`([a-z]+\\.[A-Za-z]+\\.[A-Za-z]+)`");
  private static final Pattern AZURE_ACTION =
      Pattern.compile("(Microsoft\\.[A-Za-z]+/[A-Za-z/]+[A-Za-z])");

  private PermissionLists() {}

  /** The controller's permissions as providers/CLOUD/README.md lists them. */
  static Set<String> readme(String cloud, Path readme) throws IOException {
    return switch (cloud) {
      case "aws" -> awsReadme(readme);
      case "gcp" -> gcpReadme(readme);
      case "azure" -> azureReadme(readme);
      default -> throw new IllegalArgumentException("no permission list for " + cloud);
    };
  }

  /** The controller's permissions as terraform/CLOUD/controller_permissions.tf grants them. */
  static Set<String> module(String cloud, Path tf) throws IOException {
    return switch (cloud) {
      case "aws" -> awsModule(tf);
      case "gcp" -> gcpModule(tf);
      case "azure" -> azureModule(tf);
      default -> throw new IllegalArgumentException("no permission list for " + cloud);
    };
  }

  /** The "Action" values of the IAM policy JSON on providers/aws/README.md. */
  private static Set<String> awsReadme(Path readme) throws IOException {
    return quotedIn(JSON_ACTION, section(readme, "## IAM permissions"));
  }

  /** The "Action" values of the aws module's policy. */
  private static Set<String> awsModule(Path tf) throws IOException {
    return quotedIn(HCL_ACTION, Files.readString(tf));
  }

  /** The first column of the permission table on providers/gcp/README.md. */
  private static Set<String> gcpReadme(Path readme) throws IOException {
    Set<String> out = new TreeSet<>();
    for (String line : section(readme, "## Least-privilege IAM").split("\n")) {
      if (line.startsWith("| `")) {
        Matcher m = GCP_PERMISSION.matcher(line.split("\\|")[1]);
        while (m.find()) {
          out.add(m.group(1));
        }
      }
    }
    return out;
  }

  /** Every {@code permissions = [...]} entry of the gcp module's custom roles. */
  private static Set<String> gcpModule(Path tf) throws IOException {
    return quotedIn(HCL_PERMISSIONS, Files.readString(tf));
  }

  /**
   * Every Microsoft.* action of providers/azure/README.md's role section (gallery one included).
   */
  private static Set<String> azureReadme(Path readme) throws IOException {
    return all(AZURE_ACTION, section(readme, "## Least-privilege role"));
  }

  /** Every quoted Microsoft.* action of the azure module's role definitions. */
  private static Set<String> azureModule(Path tf) throws IOException {
    Set<String> out = new TreeSet<>();
    for (String quoted : all(QUOTED, Files.readString(tf))) {
      if (AZURE_ACTION.matcher(quoted).matches()) {
        out.add(quoted);
      }
    }
    return out;
  }

  /** The text from the heading to the next heading of the same level. */
  private static String section(Path markdown, String heading) throws IOException {
    String text = Files.readString(markdown);
    int start = text.indexOf("\n" + heading);
    if (start < 0) {
      throw new AssertionError(markdown + " has no section '" + heading + "'");
    }
    int end = text.indexOf("\n## ", start + heading.length());
    return text.substring(start, end < 0 ? text.length() : end);
  }

  private static Set<String> quotedIn(Pattern list, String text) {
    Set<String> out = new TreeSet<>();
    Matcher m = list.matcher(text);
    while (m.find()) {
      out.addAll(all(QUOTED, m.group(1)));
    }
    return out;
  }

  private static Set<String> all(Pattern pattern, String text) {
    Set<String> out = new TreeSet<>();
    Matcher m = pattern.matcher(text);
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }
}
