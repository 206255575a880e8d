package org.example.selection

import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.material3.LinearProgressIndicator
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.ui.Modifier
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.semantics

/**
 * The Activity Bar: shows that an action is under way, and how far it has got when known.
 *
 * @param progress how much is done, from 0 to 1, read when drawn; null draws an indeterminate bar.
 */
@Composable
fun ActivityBar(
    label: String,
    modifier: Modifier = Modifier,
    progress: (() -> Float)? = null,
) {
    Column(modifier = modifier.semantics(mergeDescendants = true) { contentDescription = label }) {
        Text(label)
        if (progress != null) {
            LinearProgressIndicator(progress = progress, modifier = Modifier.fillMaxWidth())
        } else {
            LinearProgressIndicator(modifier = Modifier.fillMaxWidth())
        }
    }
}
