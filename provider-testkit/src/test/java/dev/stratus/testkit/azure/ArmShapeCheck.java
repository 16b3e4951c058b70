package dev.stratus.testkit.azure;

import com.azure.json.JsonProviders;
import com.azure.json.JsonReader;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks an ARM JSON answer against the type the Azure SDK reads it into: the SDK's own generated
 * {@code fromJson} reads it through a {@link WatchingJsonReader}, which notes every member the type
 * does not have and every value of another JSON type than the one the SDK reads there. (Azure's
 * string enums are open in the SDK, so their values are not judged.)
 */
final class ArmShapeCheck {
  private ArmShapeCheck() {}

  /** Every way {@code json} departs from {@code sdkType}; empty if none. */
  static List<String> problems(Class<?> sdkType, String json) {
    List<String> out = new ArrayList<>();
    try (JsonReader reader =
        new WatchingJsonReader(JsonProviders.createReader(json), sdkType.getSimpleName(), out)) {
      sdkType.getMethod("fromJson", JsonReader.class).invoke(null, reader);
    } catch (InvocationTargetException e) {
      out.add(sdkType.getSimpleName() + ": the SDK cannot read it: " + e.getCause());
    } catch (ReflectiveOperationException | IOException e) {
      throw new IllegalStateException(sdkType + " has no fromJson(JsonReader)", e);
    }
    return out;
  }
}
