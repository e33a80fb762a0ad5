/* global HTMLElement, btoa, CustomEvent, customElements */
// Stands in for the altcha widget under jsdom, which has no Web Workers to solve with. It keeps
// the real widget's contract: `configure({challenge, fetch})`, `reset()`, and a 'verified' event
// whose payload is base64 JSON of {challenge, solution}, sent after the challenge was fetched
// through the configured fetch.
class AltchaWidgetStub extends HTMLElement {
  config = {};

  connectedCallback() {
    this.innerHTML = '<button type="button">I\'m not a robot</button>';
    this.querySelector('button').addEventListener('click', () => this.verify());
  }

  async configure(config) {
    this.config = { ...this.config, ...config };
  }

  reset() {
    this.dataset.state = 'unverified';
  }

  async verify() {
    try {
      const reply = await this.config.fetch(this.config.challenge);
      const challenge = await reply.json();
      const payload = btoa(JSON.stringify({ challenge, solution: { counter: 1, derivedKey: 'ab' } }));
      this.dataset.state = 'verified';
      this.dispatchEvent(new CustomEvent('verified', { detail: { payload } }));
    } catch {
      // the real widget shows its error state and may be clicked again
      this.dataset.state = 'error';
    }
  }
}

if (!customElements.get('altcha-widget')) customElements.define('altcha-widget', AltchaWidgetStub);
