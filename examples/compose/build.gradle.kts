// The Compose side of the Selection Controls catalog: the Composables its components document.
// catalog.yaml's `code.compose` points at src/main/kotlin; catalog-build reads these files, it
// does not build them.
plugins {
    id("com.android.library")
    id("org.jetbrains.kotlin.android")
    id("org.jetbrains.kotlin.plugin.compose")
    id("com.figma.code.connect")
}

android {
    namespace = "org.example.selection"
    compileSdk = 35
    defaultConfig { minSdk = 24 }
}

dependencies {
    implementation(platform("androidx.compose:compose-bom:2025.10.00"))
    implementation("androidx.compose.material3:material3")
    implementation("com.figma.code.connect:code-connect-lib:1.+")
}
