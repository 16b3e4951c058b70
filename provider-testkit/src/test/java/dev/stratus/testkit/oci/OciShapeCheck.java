package dev.stratus.testkit.oci;

import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.databind.JsonNode;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Date;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks an OCI JSON answer against the model class the OCI Java SDK reads it into, by the Jackson
 * annotations the SDK reads it with: each member must be a {@code @JsonProperty} of the class's
 * builder (or of a subtype its {@code @JsonTypeInfo} discriminator names); a class with a
 * {@code @JsonAnySetter} takes any member. Values must fit the property's Java type: strings,
 * integers, numbers, booleans, RFC 3339 dates, an SDK enum's known values, lists, maps and nested
 * models.
 */
final class OciShapeCheck {
  private OciShapeCheck() {}

  /** Every way {@code json} departs from {@code type}; empty if none. */
  static List<String> problems(Class<?> type, JsonNode json) {
    List<String> out = new ArrayList<>();
    value(type, json, type.getSimpleName(), out);
    return out;
  }

  /** For operations that answer a bare array ({@code ListInstances}, {@code ListShapes}). */
  static List<String> problemsOfList(Class<?> item, JsonNode json) {
    List<String> out = new ArrayList<>();
    if (!json.isArray()) {
      out.add("List<" + item.getSimpleName() + ">: an array, not " + json.getNodeType());
    } else {
      for (int i = 0; i < json.size(); i++) {
        value(item, json.get(i), item.getSimpleName() + "[" + i + "]", out);
      }
    }
    return out;
  }

  private static void value(Type type, JsonNode v, String path, List<String> out) {
    Class<?> raw =
        type instanceof ParameterizedType p ? (Class<?>) p.getRawType() : (Class<?>) type;
    if (v.isNull() || raw == Object.class) {
      return;
    }
    boolean fits = true;
    if (List.class.isAssignableFrom(raw)) {
      fits = v.isArray();
      for (int i = 0; fits && i < v.size(); i++) {
        value(argument(type, 0), v.get(i), path + "[" + i + "]", out);
      }
    } else if (Map.class.isAssignableFrom(raw)) {
      fits = v.isObject();
      v.properties()
          .forEach(e -> value(argument(type, 1), e.getValue(), path + "." + e.getKey(), out));
    } else if (raw == String.class) {
      fits = v.isTextual();
    } else if (raw == Integer.class || raw == Long.class) {
      fits = v.isIntegralNumber() && (raw == Long.class || v.canConvertToInt());
    } else if (raw == Float.class || raw == Double.class || raw == BigDecimal.class) {
      fits = v.isNumber();
    } else if (raw == Boolean.class) {
      fits = v.isBoolean();
    } else if (raw == Date.class) {
      fits = v.isTextual() && isRfc3339(v.asText());
    } else if (raw.isEnum()) {
      List<String> known = enumValues(raw);
      if (!v.isTextual() || !known.contains(v.asText())) {
        out.add(path + ": " + v + " is none of " + raw.getSimpleName() + " " + known);
      }
    } else {
      model(raw, v, path, out);
    }
    if (!fits) {
      out.add(path + ": " + v + " is not a " + raw.getSimpleName());
    }
  }

  private static void model(Class<?> type, JsonNode v, String path, List<String> out) {
    if (!v.isObject()) {
      out.add(path + ": " + type.getSimpleName() + " is an object, not " + v.getNodeType());
      return;
    }
    JsonTypeInfo info = type.getAnnotation(JsonTypeInfo.class);
    Class<?> concrete = type;
    if (info != null && type.getAnnotation(JsonSubTypes.class) != null) {
      String name = v.path(info.property()).asText();
      concrete =
          Arrays.stream(type.getAnnotation(JsonSubTypes.class).value())
              .filter(t -> t.name().equals(name))
              .<Class<?>>map(JsonSubTypes.Type::value)
              .findFirst()
              .orElse(null);
      if (concrete == null) {
        out.add(path + "." + info.property() + ": '" + name + "' names no " + type.getSimpleName());
        return;
      }
    }
    Map<String, Type> properties = properties(concrete);
    boolean open = hasAnySetter(concrete);
    for (Map.Entry<String, JsonNode> member : v.properties()) {
      String at = path + "." + member.getKey();
      Type t = properties.get(member.getKey());
      if (info != null && member.getKey().equals(info.property())) {
        continue; // the discriminator, already resolved
      }
      if (t == null && !open) {
        out.add(at + ": " + concrete.getSimpleName() + " has no property " + member.getKey());
      } else if (t != null) {
        value(t, member.getValue(), at, out);
      }
    }
  }

  /** JSON name to Java type: the builder's {@code @JsonProperty} setters, else the class's. */
  private static Map<String, Type> properties(Class<?> type) {
    Map<String, Type> out = new HashMap<>();
    Class<?> builder =
        Arrays.stream(type.getDeclaredClasses())
            .filter(c -> c.getSimpleName().equals("Builder"))
            .findFirst()
            .orElse(type);
    for (Method m : builder.getDeclaredMethods()) {
      JsonProperty p = m.getAnnotation(JsonProperty.class);
      if (p != null && m.getParameterCount() == 1) {
        out.put(p.value(), m.getGenericParameterTypes()[0]);
      }
    }
    for (var f : type.getDeclaredFields()) {
      JsonProperty p = f.getAnnotation(JsonProperty.class);
      if (p != null) {
        out.putIfAbsent(p.value(), f.getGenericType());
      }
    }
    return out;
  }

  private static boolean hasAnySetter(Class<?> type) {
    return Arrays.stream(type.getMethods())
        .anyMatch(m -> m.isAnnotationPresent(JsonAnySetter.class));
  }

  /** An SDK enum's wire values ({@code getValue()}), its catch-all UnknownEnumValue left out. */
  private static List<String> enumValues(Class<?> e) {
    List<String> out = new ArrayList<>();
    for (Object constant : e.getEnumConstants()) {
      try {
        Object value = e.getMethod("getValue").invoke(constant);
        if (value != null) {
          out.add(value.toString());
        }
      } catch (ReflectiveOperationException ex) {
        out.add(((Enum<?>) constant).name());
      }
    }
    return out;
  }

  private static Type argument(Type type, int i) {
    return type instanceof ParameterizedType p ? p.getActualTypeArguments()[i] : Object.class;
  }

  private static boolean isRfc3339(String s) {
    try {
      OffsetDateTime.parse(s);
      return true;
    } catch (DateTimeParseException e) {
      return false;
    }
  }
}
