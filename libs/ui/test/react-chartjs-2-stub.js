// chart.js cannot draw under jsdom (no canvas context): each chart renders a canvas that carries
// what it was given, so a test can read the chart's type, datasets, labels and options (functions,
// such as tick callbacks, drop out of the JSON; test them where they are defined).
const { createElement } = require('react');

function standIn(type) {
  return function ChartStandIn({ data, options, ...rest }) {
    const { role, id } = rest;
    return createElement('canvas', {
      role,
      id,
      'aria-label': rest['aria-label'],
      'aria-describedby': rest['aria-describedby'],
      'data-chart-type': type,
      'data-chart': JSON.stringify({ data, options }),
    });
  };
}

module.exports = { Bar: standIn('bar'), Line: standIn('line'), Chart: standIn('chart') };
