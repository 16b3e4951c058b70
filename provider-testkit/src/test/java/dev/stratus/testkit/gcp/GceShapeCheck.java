package dev.stratus.testkit.gcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * Checks a Compute Engine JSON answer against the message the google-cloud-compute SDK reads it
 * into (its generated protobuf descriptor, {@code Instance.getDescriptor()} and so on), by the REST
 * API's JSON form: every member is a field's JSON name; a message is an object, a repeated field an
 * array, a map field an object; 64-bit integers are decimal strings (as Compute Engine writes
 * them), 32-bit integers and floating point numbers JSON numbers, booleans booleans, bytes base64.
 * Compute Engine carries its enums as strings with the values in a nested enum of the same name
 * ({@code status} and {@code Instance.Status}): such a string must be one of them.
 */
final class GceShapeCheck {
  private GceShapeCheck() {}

  /** Every way {@code json} departs from {@code type}; empty if none. */
  static List<String> problems(Descriptor type, JsonNode json) {
    List<String> out = new ArrayList<>();
    message(type, json, type.getName(), out);
    return out;
  }

  private static void message(Descriptor type, JsonNode json, String path, List<String> out) {
    if (!json.isObject()) {
      out.add(path + ": " + type.getName() + " is an object, not " + json.getNodeType());
      return;
    }
    for (Map.Entry<String, JsonNode> member : json.properties()) {
      FieldDescriptor f = byJsonName(type, member.getKey());
      String at = path + "." + member.getKey();
      if (f == null) {
        out.add(at + ": " + type.getName() + " has no field " + member.getKey());
      } else if (f.isMapField()) {
        FieldDescriptor value = f.getMessageType().findFieldByName("value");
        if (!member.getValue().isObject()) {
          out.add(at + ": a map is an object, not " + member.getValue().getNodeType());
        } else {
          member
              .getValue()
              .properties()
              .forEach(e -> single(value, e.getValue(), at + "." + e.getKey(), out));
        }
      } else if (f.isRepeated()) {
        if (!member.getValue().isArray()) {
          out.add(at + ": a repeated field is an array, not " + member.getValue().getNodeType());
        } else {
          for (int i = 0; i < member.getValue().size(); i++) {
            single(f, member.getValue().get(i), at + "[" + i + "]", out);
          }
        }
      } else {
        single(f, member.getValue(), at, out);
      }
    }
  }

  private static void single(FieldDescriptor f, JsonNode v, String path, List<String> out) {
    boolean fits =
        switch (f.getJavaType()) {
          case MESSAGE -> {
            message(f.getMessageType(), v, path, out);
            yield true;
          }
          case STRING -> v.isTextual() && enumValue(f, v.asText(), path, out);
          case LONG -> v.isTextual() && v.asText().matches("-?\\d+");
          case INT -> v.isIntegralNumber() && v.canConvertToInt();
          case BOOLEAN -> v.isBoolean();
          case FLOAT, DOUBLE -> v.isNumber();
          case BYTE_STRING -> v.isTextual() && isBase64(v.asText());
          case ENUM -> {
            if (!v.isTextual() || f.getEnumType().findValueByName(v.asText()) == null) {
              out.add(path + ": " + v + " is none of " + name(f.getEnumType()));
            }
            yield true;
          }
        };
    if (!fits) {
      out.add(path + ": " + v + " is not the JSON form of " + f.getType() + " " + f.getName());
    }
  }

  /**
   * Adds a problem when the field's message has an enum of the field's name (Compute Engine's
   * convention for string-typed enums) that lacks {@code value}; the string itself fits.
   */
  private static boolean enumValue(FieldDescriptor f, String value, String path, List<String> out) {
    String name = f.getJsonName();
    EnumDescriptor values =
        f.getContainingType()
            .findEnumTypeByName(Character.toUpperCase(name.charAt(0)) + name.substring(1));
    if (values != null && values.findValueByName(value) == null) {
      out.add(path + ": \"" + value + "\" is none of " + name(values));
    }
    return true;
  }

  private static String name(EnumDescriptor e) {
    return (e.getContainingType() == null ? "" : e.getContainingType().getName() + ".")
        + e.getName();
  }

  private static FieldDescriptor byJsonName(Descriptor type, String name) {
    for (FieldDescriptor f : type.getFields()) {
      if (f.getJsonName().equals(name)) {
        return f;
      }
    }
    return null;
  }

  private static boolean isBase64(String s) {
    try {
      Base64.getDecoder().decode(s);
      return true;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }
}
