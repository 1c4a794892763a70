//! The learning rate over training: a linear warm-up, then a cosine decay to a tenth of the peak.

#[derive(Debug, Clone, Copy)]
pub struct Schedule {
    pub peak: f32,
    pub warmup: usize,
    pub total: usize,
}

impl Schedule {
    /// The learning rate at `step` (0-based).
    pub fn at(&self, step: usize) -> f32 {
        if step < self.warmup {
            return self.peak * (step + 1) as f32 / self.warmup as f32;
        }
        let span = self.total.saturating_sub(self.warmup).max(1);
        let progress = ((step - self.warmup) as f32 / span as f32).min(1.0);
        let floor = 0.1;
        self.peak * (floor + (1.0 - floor) * 0.5 * (1.0 + (std::f32::consts::PI * progress).cos()))
    }
}
