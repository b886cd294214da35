//! Adam: each parameter steps by its gradient's running mean over the root of its running
//! mean square, both corrected for their start at zero.

/// Adam's running moments for a vector of parameters.
pub struct Adam {
    first: Vec<f32>,
    second: Vec<f32>,
    steps: i32,
}

impl Adam {
    /// Fresh moments for `size` parameters.
    pub fn new(size: usize) -> Self {
        Adam {
            first: vec![0.0; size],
            second: vec![0.0; size],
            steps: 0,
        }
    }

    /// One step at `rate` of `params` down `gradient` (a sum over `batch` samples).
    pub fn step(&mut self, params: &mut [f32], gradient: &[f32], batch: usize, rate: f32) {
        const BETA1: f32 = 0.9;
        const BETA2: f32 = 0.999;
        const EPSILON: f32 = 1e-8;
        self.steps += 1;
        let correction1 = 1.0 - BETA1.powi(self.steps);
        let correction2 = 1.0 - BETA2.powi(self.steps);
        let scale = 1.0 / batch.max(1) as f32;
        let parts = params
            .iter_mut()
            .zip(&mut self.first)
            .zip(&mut self.second)
            .zip(gradient);
        for (((param, m), v), &g) in parts {
            let g = g * scale;
            *m = BETA1 * *m + (1.0 - BETA1) * g;
            *v = BETA2 * *v + (1.0 - BETA2) * g * g;
            *param -= rate * (*m / correction1) / ((*v / correction2).sqrt() + EPSILON);
        }
    }
}
